import {
  link,
  mkdir,
  mkdtemp,
  rm,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { startServer } from '../../support/server.js'
import { startSwapLoop } from '../../support/swap-loop.js'

// A writer of the media folder racing the server: a folder on a served
// file's path swapped for a link out of the folder, in a loop, while clients
// fetch. Counts, never times: every answer is the inside file or a 404.

const KEY = 'k_a'
const INSIDE = Buffer.alloc(64 * 1024, 'inside..')
const OUTSIDE = Buffer.alloc(64 * 1024, 'OUTSIDE!')

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-api-mock-media-races-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A media folder whose a.mp4 links to sub/x.mp4, and a folder outside it with an x.mp4 of its own. */
async function makeFolders(name: string) {
  const media = join(root, name, 'media')
  const outside = join(root, name, 'outside')
  await mkdir(join(media, 'sub'), { recursive: true })
  await mkdir(outside)
  await writeFile(join(media, 'sub', 'x.mp4'), INSIDE)
  await symlink(join('sub', 'x.mp4'), join(media, 'a.mp4'))
  await writeFile(join(outside, 'x.mp4'), OUTSIDE)
  return { media, outside }
}

async function videoUrl(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: `Bearer ${KEY}` },
  })
  return (await response.json()).data.content.download_url as string
}

/** Fetches `url` `times` times from each of `clients` clients; counts what came back. */
async function fetchAll(url: string, clients: number, times: number) {
  const counts = { inside: 0, notFound: 0, outside: 0, other: [] as string[] }
  const client = async () => {
    for (let i = 0; i < times; i++) {
      const response = await fetch(url)
      const body = Buffer.from(await response.arrayBuffer())
      if (response.status === 200 && body.equals(INSIDE)) counts.inside++
      else if (body.includes('OUTSIDE!')) counts.outside++
      else if (response.status === 404) counts.notFound++
      else counts.other.push(`${response.status} ${body.subarray(0, 200)}`)
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return counts
}

for (const [kind, target] of [
  ['an absolute link', (outside: string) => outside],
  ['a relative link', () => join('..', 'outside')],
] as const) {
  it(`never serves a byte from outside the folder while a folder on a served file's path is swapped for ${kind} out of it in a loop, four clients fetching`, async () => {
    const { media, outside } = await makeFolders(kind.replace(/ /g, '-'))
    await symlink(target(outside), join(media, 'swap'))
    await using server = await startServer({
      fixtures: loadFixture('small.json'),
      mediaDir: media,
    })
    const url = await videoUrl(server.apiUrl)
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(INSIDE)

    const loop = await startSwapLoop(join(media, 'sub'), join(media, 'swap'))
    const counts = await fetchAll(url, 4, 100).finally(() => loop.stop())

    expect(await loop.stop()).toBeGreaterThan(0)
    expect(counts.other).toEqual([])
    expect(counts.outside).toBe(0)
    expect(counts.inside + counts.notFound).toBe(400)
    // Both paths are back as they were: the file is served again.
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(INSIDE)
  }, 180_000)
}

it('leaves out a hard link to a file outside the folder with the warning, and answers 404 for a file replaced by one after start', async () => {
  const { media, outside } = await makeFolders('hard-links')
  await writeFile(join(media, 'b.mp4'), INSIDE)
  await link(join(outside, 'x.mp4'), join(media, 'hard.mp4'))
  const warnings: string[] = []
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    mediaDir: media,
    onWarning: (message) => warnings.push(message),
  })
  expect(warnings).toEqual([
    `--media-dir ${media}: left out 1 media file that cannot be served: hard.mp4 (a file with 2 names (hard links), whose other names may lie outside the folder). Only regular files inside the folder (or links to them that stay inside) are served, up to 4 GiB each.`,
  ])

  // b.mp4 or a.mp4, whichever v1's movie drew: both hold INSIDE.
  const url = await videoUrl(server.apiUrl)
  expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(INSIDE)
  for (const name of ['a.mp4', 'b.mp4']) {
    await unlink(join(media, name))
    await link(join(outside, 'x.mp4'), join(media, name))
  }
  const response = await fetch(url)
  expect(response.status).toBe(404)
  expect((await response.json()).error.message).toMatch(
    /cannot be served now: a file with 4 names \(hard links\), whose other names may lie outside the folder\./,
  )
})
