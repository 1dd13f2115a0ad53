import { execFileSync } from 'node:child_process'
import {
  mkdir,
  mkdtemp,
  rm,
  symlink,
  truncate,
  unlink,
  writeFile,
} from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContentApiServer } from 'content-api-mock/server'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
// The msw handlers over a core that serves a media folder, which no entry
// offers (the interceptor's public mock serves the built-in media only).
import { createMockCore } from '../../../src/api/create-mock-core.js'
import { createHandlers } from '../../../src/msw/create-handlers.js'
import { readMediaDirectory } from '../../../src/server/files/read-media-directory.js'
import { loadFixture } from '../../support/load-fixture.js'
import { startSmallServer } from '../../support/server.js'

// What a --media-dir folder serves, against real files on 127.0.0.1: only
// regular files inside it, streamed; everything else left out at start or
// answered 404 later, never a hang or a 500.

const KEY = 'k_a'
const VIDEO = new Uint8Array([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 7])
const SECRET = 'the secret outside the media folder'
const MiB = 1024 * 1024

let root: string
let secret: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-api-mock-media-folder-'))
  secret = join(root, 'secret.txt')
  await writeFile(secret, SECRET)
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

async function makeFolder(name: string): Promise<string> {
  const folder = join(root, name)
  await mkdir(folder)
  return folder
}

/** The asset URLs of content `variation` of the small fixture (project p1). */
async function assetsOf(apiUrl: string, variation: string) {
  const response = await fetch(`${apiUrl}/projects/p1/contents/${variation}`, {
    headers: { authorization: `Bearer ${KEY}` },
  })
  expect(response.status).toBe(200)
  const { content } = (await response.json()).data
  return {
    video: content.download_url as string,
    thumbnail: content.thumbnail_url as string,
  }
}

async function bytesAt(url: string, init?: RequestInit) {
  const response = await fetch(url, init)
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

async function errorAt(url: string) {
  const response = await fetch(url)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return { status: response.status, ...(await response.json()).error }
}

it('streams a range of a 400 MB sparse file, and answers HEAD with its size', async () => {
  const folder = await makeFolder('big')
  await writeFile(join(folder, 'm1.mp4'), '')
  await truncate(join(folder, 'm1.mp4'), 400 * MiB)
  await using server = await startSmallServer({
    mediaDir: folder,
  })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  const start = 200 * MiB
  const range = await bytesAt(video, {
    headers: { range: `bytes=${start}-${start + 99}` },
  })
  expect(range.status).toBe(206)
  expect(range.headers.get('content-range')).toBe(
    `bytes ${start}-${start + 99}/${400 * MiB}`,
  )
  expect(range.bytes).toEqual(new Uint8Array(100))
  const head = await fetch(video, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(String(400 * MiB))
  expect(head.headers.get('accept-ranges')).toBe('bytes')
})

it('serves the last bytes of a 3 GiB file, past what one buffer can hold', async () => {
  const folder = await makeFolder('beyond-buffers')
  const size = 3 * 1024 * MiB
  await writeFile(join(folder, 'm1.mp4'), '')
  await truncate(join(folder, 'm1.mp4'), size)
  await using server = await startSmallServer({
    mediaDir: folder,
  })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  const tail = await bytesAt(video, { headers: { range: 'bytes=-10' } })
  expect(tail.status).toBe(206)
  expect(tail.headers.get('content-range')).toBe(
    `bytes ${size - 10}-${size - 1}/${size}`,
  )
  expect(tail.bytes).toEqual(new Uint8Array(10))
  const head = await fetch(video, { method: 'HEAD' })
  expect(head.headers.get('content-length')).toBe(String(size))
})

it('leaves out a FIFO, a link to /dev/zero, links out of the folder, a dangling link, a folder named x.jpg and a file over the limit, with one warning line, and serves the rest', async () => {
  const folder = await makeFolder('mixed')
  await mkdir(join(folder, 'sub'))
  await writeFile(join(folder, 'good.mp4'), VIDEO)
  await writeFile(join(folder, 'sub', 'clip.mp4'), VIDEO)
  await writeFile(join(folder, 'good.jpg'), JPEG)
  await symlink('good.jpg', join(folder, 'inside.jpeg'))
  await symlink(join('sub', 'clip.mp4'), join(folder, 'linked.mp4'))
  execFileSync('mkfifo', [join(folder, 'pipe.mp4')])
  await symlink('/dev/zero', join(folder, 'zero.mp4'))
  await symlink(secret, join(folder, 'secret.jpg'))
  await symlink(join('..', 'secret.txt'), join(folder, 'relative.jpg'))
  await symlink('missing.mp4', join(folder, 'dangling.mp4'))
  await symlink('loop.jpg', join(folder, 'loop.jpg'))
  await mkdir(join(folder, 'x.jpg'))
  await writeFile(join(folder, 'huge.mp4'), '')
  await truncate(join(folder, 'huge.mp4'), 4 * 1024 * MiB + 1)
  await writeFile(join(folder, 'notes.txt'), 'not media')

  const warnings: string[] = []
  await using server = await startSmallServer({
    mediaDir: folder,
    onWarning: (message) => warnings.push(message),
  })
  expect(warnings).toHaveLength(1)
  const [warning] = warnings as [string]
  expect(warning).not.toContain('\n')
  for (const part of [
    'pipe.mp4 (a named pipe (FIFO))',
    'zero.mp4 (a link that leads out of the folder, to /dev/zero)',
    `secret.jpg (a link that leads out of the folder, to ${secret})`,
    `relative.jpg (a link that leads out of the folder, to ${secret})`,
    'dangling.mp4 (a link to nothing)',
    'loop.jpg (a link that goes in a circle)',
    'x.jpg (a folder)',
    'huge.mp4 (4 GiB, over the limit of 4 GiB a file may have)',
    'left out 8 media files',
    'mediaMaxFileSize',
  ]) {
    expect(warning).toContain(part)
  }
  for (const served of ['good.mp4', 'linked.mp4', 'good.jpg', 'inside.jpeg']) {
    expect(warning).not.toContain(served)
  }
  expect(warning).not.toContain('notes.txt')

  for (const variation of ['v1', 'v2']) {
    const { video, thumbnail } = await assetsOf(server.apiUrl, variation)
    const clip = await bytesAt(video)
    expect(clip.status).toBe(200)
    expect(clip.bytes).toEqual(VIDEO)
    const card = await bytesAt(thumbnail)
    expect(card.status).toBe(200)
    expect(card.bytes).toEqual(JPEG)
  }
})

it('serves a media folder given as a link to a folder', async () => {
  const folder = await makeFolder('target')
  await writeFile(join(folder, 'm1.mp4'), VIDEO)
  const link = join(root, 'link-to-target')
  await symlink(folder, link)
  await using server = await startSmallServer({
    mediaDir: link,
  })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  expect((await bytesAt(video)).bytes).toEqual(VIDEO)
})

it('refuses a folder none of whose media files can be served, with one line naming them', async () => {
  const folder = await makeFolder('unusable')
  execFileSync('mkfifo', [join(folder, 'pipe.mp4')])
  await symlink('missing.jpg', join(folder, 'dangling.jpg'))
  await writeFile(join(folder, 'notes.txt'), 'not media')
  const error = await createContentApiServer({
    port: 0,
    mediaDir: folder,
  }).then(
    () => undefined,
    (reason: Error) => reason,
  )
  expect(error?.name).toBe('OptionsError')
  expect(error?.message).toBe(
    `Cannot serve media from ${folder}: none of its media files can be served: dangling.jpg (a link to nothing), pipe.mp4 (a named pipe (FIFO)); only regular files inside the folder (or links to them that stay inside), up to 4 GiB each, are. Pass --media-dir (the server option mediaDir) a folder that holds .jpg or .jpeg thumbnails, .mp4 videos, or both.`,
  )
})

it('leaves out files over mediaMaxFileSize, and refuses a limit that is not a whole number of bytes', async () => {
  const folder = await makeFolder('limit')
  await writeFile(join(folder, 'small.mp4'), VIDEO)
  await writeFile(join(folder, 'large.mp4'), new Uint8Array(2048))
  const warnings: string[] = []
  await using server = await startSmallServer({
    mediaDir: folder,
    mediaMaxFileSize: 1024,
    onWarning: (message) => warnings.push(message),
  })
  expect(warnings).toEqual([
    `--media-dir ${folder}: left out 1 media file that cannot be served: large.mp4 (2 KiB, over the limit of 1 KiB a file may have). Only regular files inside the folder (or links to them that stay inside) are served, up to 1 KiB each (--media-max-file-size, the server option mediaMaxFileSize, raises the limit).`,
  ])
  const { video } = await assetsOf(server.apiUrl, 'v1')
  expect((await bytesAt(video)).bytes).toEqual(VIDEO)

  for (const mediaMaxFileSize of [0, 1.5, -1]) {
    const error = await createContentApiServer({
      port: 0,
      mediaDir: folder,
      mediaMaxFileSize,
    }).then(
      () => undefined,
      (reason: Error & { issues?: Array<{ path: string }> }) => reason,
    )
    expect(error?.name).toBe('OptionsError')
    expect(error?.issues?.[0]?.path).toBe('mediaMaxFileSize')
  }
})

it('answers 404 naming the file, never a 500 or a hang, when a file is removed, replaced by a FIFO or by a link out of the folder after start', async () => {
  const folder = await makeFolder('changing')
  const file = join(folder, 'm1.mp4')
  await writeFile(file, VIDEO)
  await writeFile(join(folder, 'm2.mp4'), JPEG)
  await using server = await startSmallServer({
    mediaDir: folder,
  })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  const other = (await assetsOf(server.apiUrl, 'v2')).video
  expect((await bytesAt(video)).bytes).toEqual(VIDEO)

  // Replaced by another regular file: served at once.
  await writeFile(file, new Uint8Array([9, 9, 9]))
  expect((await bytesAt(video)).bytes).toEqual(new Uint8Array([9, 9, 9]))

  const changes: Array<[() => Promise<void>, string]> = [
    [() => unlink(file), 'nothing is there'],
    [
      async () => {
        execFileSync('mkfifo', [file])
      },
      'a named pipe (FIFO)',
    ],
    [
      async () => {
        await unlink(file)
        await symlink(secret, file)
      },
      `a link that leads out of the folder, to ${secret}`,
    ],
    [
      async () => {
        await unlink(file)
        await mkdir(file)
      },
      'a folder',
    ],
  ]
  for (const [change, problem] of changes) {
    await change()
    expect(await errorAt(video)).toEqual({
      status: 404,
      code: 'not_found',
      message: `The media file m1.mp4 of ${folder} cannot be served now: ${problem}. Put a regular file back under that name (inside the folder, up to 4 GiB), or restart the server to map movies to the files there now.`,
    })
    expect((await bytesAt(other)).bytes).toEqual(JPEG)
  }
})

it('cuts the connection instead of sending fewer bytes than announced when a file is cut short while it is served', async () => {
  const folder = await makeFolder('cut')
  const file = join(folder, 'm1.mp4')
  await writeFile(file, '')
  await truncate(file, 64 * MiB)
  await using server = await startSmallServer({
    mediaDir: folder,
  })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  const answer = await new Promise<{
    length: number
    received: number
    complete: boolean
  }>((resolve, reject) => {
    request(video, (response) => {
      let received = 0
      response.once('data', (chunk: Buffer) => {
        received += chunk.length
        response.pause()
        void truncate(file, MiB).then(() => {
          response.on('data', (more: Buffer) => (received += more.length))
          response.resume()
        })
      })
      response.on('error', () => {})
      response.on('close', () =>
        resolve({
          length: Number(response.headers['content-length']),
          received,
          complete: response.complete,
        }),
      )
    })
      .on('error', reject)
      .end()
  })
  expect(answer.length).toBe(64 * MiB)
  expect(answer.complete).toBe(false)
  expect(answer.received).toBeLessThan(64 * MiB)
  // The server goes on answering.
  const range = await bytesAt(video, { headers: { range: 'bytes=0-9' } })
  expect(range.status).toBe(206)
  expect(range.bytes).toEqual(new Uint8Array(10))
})

it('streams a folder file through the msw handlers too, and answers 404 when it is gone', async () => {
  const folder = await makeFolder('interceptor')
  const file = join(folder, 'm1.mp4')
  await writeFile(file, '')
  await truncate(file, 8 * MiB)
  await writeFile(join(folder, 'm2.mp4'), VIDEO)
  const { library } = await readMediaDirectory(folder)
  const core = createMockCore(
    { fixtures: loadFixture('small.json') },
    { media: library },
  )
  const interceptor = setupServer(...createHandlers(core))
  interceptor.listen({ onUnhandledRequest: 'error' })
  try {
    const api = 'https://api.example.com/public-api/v1'
    const { video } = await assetsOf(api, 'v1')
    const range = await bytesAt(video, {
      headers: { range: `bytes=${4 * MiB}-${4 * MiB + 15}` },
    })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-length')).toBe('16')
    expect(range.bytes).toEqual(new Uint8Array(16))
    const whole = await bytesAt((await assetsOf(api, 'v2')).video)
    expect(whole.bytes).toEqual(VIDEO)
    const head = await fetch(video, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(String(8 * MiB))
    expect(await head.arrayBuffer()).toHaveProperty('byteLength', 0)

    await unlink(file)
    expect(await errorAt(video)).toMatchObject({
      status: 404,
      code: 'not_found',
    })
  } finally {
    interceptor.close()
  }
})

it('answers 416 to a range of an empty media file, "bytes=-5" included, and 200 with no bytes without one', async () => {
  const folder = await makeFolder('empty')
  await writeFile(join(folder, 'm1.mp4'), '')
  await using server = await startSmallServer({ mediaDir: folder })
  const { video } = await assetsOf(server.apiUrl, 'v1')
  for (const range of ['bytes=-5', 'bytes=0-', 'bytes=0-0', 'bytes=-1']) {
    const response = await fetch(video, { headers: { range } })
    expect(response.status, range).toBe(416)
    expect(response.headers.get('content-range')).toBe('bytes */0')
    expect((await response.json()).error).toEqual({
      code: 'range_not_satisfiable',
      message: `The requested range "${range}" asks for bytes of an empty asset, which has none. Omit the Range header to get the empty file.`,
    })
  }
  const whole = await bytesAt(video)
  expect(whole.status).toBe(200)
  expect(whole.headers.get('content-length')).toBe('0')
  expect(whole.bytes).toEqual(new Uint8Array(0))
})
