import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { request, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { startServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'

// Serving a large --media-dir file: memory stays flat with many clients,
// files are closed when clients leave, and a stop is not held up by a
// stream. The big file is sparse, so it costs no disk.

const MiB = 1024 * 1024
const SIZE = 400 * MiB
const KEY = 'k_a'
const FIXTURES = loadFixture('small.json')

let folder: string
let video: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'content-api-mock-media-streaming-'))
  video = join(folder, 'm1.mp4')
  await writeFile(video, '')
  await truncate(video, SIZE)
  await writeFile(join(folder, 'fixtures.json'), JSON.stringify(FIXTURES))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function downloadUrlOf(
  apiUrl: string,
  variation = 'v1',
): Promise<string> {
  const response = await fetch(`${apiUrl}/projects/p1/contents/${variation}`, {
    headers: { authorization: `Bearer ${KEY}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()).data.content.download_url
}

/** A GET whose answer is handed over once its headers are in. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, resolve).on('error', reject).end()
  })
}

/** Reads `bytes` of an answer, then lets it go. */
function readSome(
  response: IncomingMessage,
  bytes: number,
  onProgress: (received: number) => void,
): Promise<number> {
  return new Promise((resolve) => {
    let received = 0
    response.on('data', (chunk: Buffer) => {
      const before = received
      received += chunk.length
      if (Math.floor(before / (80 * MiB)) < Math.floor(received / (80 * MiB)))
        onProgress(received)
      if (received >= bytes) {
        response.destroy()
        resolve(received)
      }
    })
    response.on('error', () => {})
  })
}

/** Takes one chunk of an answer, then reads no more (a stalled client). */
async function stall(response: IncomingMessage): Promise<void> {
  response.on('error', () => {})
  await once(response, 'data')
  response.pause()
}

const SERVER_CHILD = `
import { createContentApiServer } from ${JSON.stringify(new URL('../../../dist/server/index.js', import.meta.url).href)}
const server = await createContentApiServer({
  port: 0,
  fixtures: JSON.parse(process.env.FIXTURES),
  mediaDir: process.env.MEDIA_DIR,
})
process.on('message', async (message) => {
  if (message === 'idle') globalThis.gc()
  if (message === 'close') {
    await server.close()
    process.disconnect()
    return
  }
  process.send({ rss: process.memoryUsage().rss })
})
process.send({ apiUrl: server.apiUrl })
`

it('holds memory flat while six clients take a 400 MB file at once, three of them stalled', async () => {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', SERVER_CHILD],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        FIXTURES: JSON.stringify(FIXTURES),
        MEDIA_DIR: folder,
      },
    },
  )
  const exited = once(child, 'exit')
  try {
    const [{ apiUrl }] = (await once(child, 'message')) as [{ apiUrl: string }]
    const ask = async (message: string) => {
      child.send(message)
      const [{ rss }] = (await once(child, 'message')) as [{ rss: number }]
      return rss
    }
    const url = await downloadUrlOf(apiUrl)
    // Once, so that the code the answers take is loaded before the baseline.
    const warm = await get(url, { range: 'bytes=0-99' })
    warm.resume()
    await once(warm, 'end')
    const idle = await ask('idle')

    const responses = await Promise.all(
      Array.from({ length: 6 }, () => get(url)),
    )
    for (const response of responses) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-length']).toBe(String(SIZE))
    }
    const stalled = responses.slice(3)
    await Promise.all(stalled.map(stall))
    const samples: Array<Promise<number>> = []
    const read = await Promise.all(
      responses
        .slice(0, 3)
        .map((response) =>
          readSome(response, 160 * MiB, () => samples.push(ask('rss'))),
        ),
    )
    samples.push(ask('rss'))
    const peak = Math.max(...(await Promise.all(samples)))
    for (const bytes of read) expect(bytes).toBeGreaterThanOrEqual(160 * MiB)
    for (const response of stalled) response.destroy()

    // One copy of the 400 MB file held anywhere would break the bound.
    expect(peak - idle).toBeLessThan(100 * MiB)
    child.send('close')
    await exited
  } finally {
    child.kill()
  }
})

// Counted through /proc/self/fd, which only Linux has: skipped, and said so, elsewhere.
it.skipIf(!existsSync('/proc/self/fd'))(
  'closes the file of every answer a client leaves early, and of HEAD and 416 answers',
  async () => {
    const real = realpathSync(video)
    const openHere = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === real
        } catch {
          return false
        }
      }).length
    await using server = await startServer({
      fixtures: FIXTURES,
      mediaDir: folder,
    })
    const url = await downloadUrlOf(server.apiUrl)
    for (let i = 0; i < 8; i++) {
      const response = await get(url)
      await once(response, 'data')
      response.destroy()
    }
    for (let i = 0; i < 4; i++) {
      const head = await fetch(url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      const beyond = await fetch(url, { headers: { range: `bytes=${SIZE}-` } })
      expect(beyond.status).toBe(416)
      await beyond.arrayBuffer()
    }
    await vi.waitFor(() => expect(openHere()).toBe(0), { timeout: 10_000 })
  },
)

it('stops on SIGTERM while a file is streamed to a stalled client and a FIFO sits in the folder', async () => {
  // Named after movie m2, so that m2's video would be the FIFO.
  const fifo = join(folder, 'm2.mp4')
  execFileSync('mkfifo', [fifo])
  try {
    await using cli = await startCli([
      ...['--port', '0', '--log', 'off'],
      '--shutdown-timeout',
      '300',
      '--fixtures',
      join(folder, 'fixtures.json'),
      '--media-dir',
      folder,
    ])
    expect(cli.stderr()).toContain(
      `warning: --media-dir ${folder}: left out 1 media file that cannot be served: m2.mp4 (a named pipe (FIFO))`,
    )
    const url = await downloadUrlOf(cli.apiUrl)
    const stalled = await get(url)
    expect(stalled.statusCode).toBe(200)
    await stall(stalled)
    // Another answer is not held up by the stalled one, and m2's video is
    // the one file left, not the FIFO.
    const other = await downloadUrlOf(cli.apiUrl, 'v2')
    const range = await fetch(other, { headers: { range: 'bytes=0-9' } })
    expect(range.status).toBe(206)
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(
      new Uint8Array(10),
    )
    cli.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.stderr()).toMatch(/stopped/)
  } finally {
    await rm(fifo, { force: true })
  }
})

it('leaves out a file over --media-max-file-size with a warning, and serves the rest', async () => {
  const capped = await mkdtemp(join(tmpdir(), 'content-api-mock-media-cap-'))
  try {
    await writeFile(join(capped, 'a.mp4'), new Uint8Array(10))
    await writeFile(join(capped, 'b.mp4'), '')
    await truncate(join(capped, 'b.mp4'), 2 * MiB)
    await using cli = await startCli([
      ...['--port', '0', '--log', 'off'],
      '--fixtures',
      join(folder, 'fixtures.json'),
      '--media-dir',
      capped,
      '--media-max-file-size',
      String(MiB),
    ])
    expect(cli.stderr()).toContain(
      `warning: --media-dir ${capped}: left out 1 media file that cannot be served: b.mp4 (`,
    )
    expect(cli.stderr()).toContain(
      '(--media-max-file-size, the server option mediaMaxFileSize, raises the limit)',
    )
    const url = await downloadUrlOf(cli.apiUrl)
    const range = await fetch(url, { headers: { range: 'bytes=0-9' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe('bytes 0-9/10')
  } finally {
    await rm(capped, { recursive: true, force: true })
  }
})
