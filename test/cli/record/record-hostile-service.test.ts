import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// runCli in-process with an io of the test's own, and recordService with
// lowered caps so the sizes stay small; neither is an export of the package.
import type { CliIo } from '../../../src/cli/output/create-process-io.js'
import { readFixtureFile } from '../../../src/cli/files/read-fixture-file.js'
import { recordService } from '../../../src/cli/record/record-service.js'
import { runCli } from '../../../src/cli/run-cli.js'

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-hostile-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
let runs = 0

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * A service with one project `p1` whose content list holds `contents`, each
 * detail with a video at `/media/<id>.mp4`; `override` answers a path its
 * own way (a hostile body), `detailExtra` is JSON text put in a content's
 * body as `x`, and `hits` counts the requests of each path.
 */
async function startHostileService(
  contents: readonly string[],
  override: Record<string, Handler> = {},
  detailExtra: Record<string, string> = {},
) {
  const hits = new Map<string, number>()
  const sockets = new Set<import('node:net').Socket>()
  let base = ''
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/public-api\/v1/, '')
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const own = override[path]
    if (own !== undefined) return own(request, response)
    if (path === '/projects') {
      return json(response, { data: [{ project_unique: 'p1', title: 'P' }] })
    }
    if (path === '/projects/p1') {
      return json(response, { data: { project_unique: 'p1', title: 'P' } })
    }
    if (path === '/projects/p1/contents') {
      const data = contents.map((id) => ({ variation_unique: id, title: id }))
      return json(response, { data, meta: { total: data.length } })
    }
    const content = /^\/projects\/p1\/contents\/(\w+)$/.exec(path)?.[1]
    if (content !== undefined) {
      const text = JSON.stringify({
        data: {
          variation_unique: content,
          project_unique: 'p1',
          mode: 'moviemode',
          title: content,
          content: {
            movie_unique: content,
            download_url: `${base}/media/${content}.mp4`,
            ...(detailExtra[content] === undefined ? {} : { x: 'X' }),
          },
        },
      })
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(text.replace('"X"', detailExtra[content] ?? ''))
    }
    if (path.startsWith('/media/')) {
      response.writeHead(200, { 'content-type': 'video/mp4' })
      return response.end('mp4')
    }
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end('{"error":{"code":"not_found"}}')
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    target: `${base}/public-api/v1`,
    hits: (path: string) => hits.get(path) ?? 0,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Writes `chunk` every `everyMs` ms, `times` times (endless without). */
function trickle(chunk: Buffer, everyMs: number, times = Infinity): Handler {
  return (_, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4' })
    let sent = 0
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer)
      if (sent++ >= times) {
        clearInterval(timer)
        return response.end()
      }
      response.write(chunk)
    }, everyMs)
    response.on('close', () => clearInterval(timer))
  }
}

/** Writes as fast as the client reads, for ever: `[{"title":"…"},…`. */
function endlessJsonList(): Handler {
  const item = Buffer.from(
    `{"variation_unique":"v","title":"${'x'.repeat(1000)}"},`,
  )
  const chunk = Buffer.concat(Array.from({ length: 64 }, () => item))
  return (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"data":[')
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump)
    }
    pump()
  }
}

function newMediaDir(): string {
  return mkdtempSync(join(work, 'media-'))
}

async function runRecord(target: string, extra: readonly string[] = []) {
  const out = join(work, `recording-${runs++}.json`)
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { CONTENT_API_KEY: 'k' },
    onStopSignal: () => () => {},
    exit(code) {
      throw new Error(`The CLI tried to end the process with ${code}.`)
    },
  }
  const code = await runCli(
    ['record', '--target', target, '--out', out, '--rate', '1000', ...extra],
    io,
  )
  return { code, stdout, stderr, out }
}

/** JSON text of arrays nested `levels` deep. */
function nest(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`
}

/** Records the stand-in service as the tests here do: four at a time, unpaced. */
function recordFrom(
  service: { target: string },
  options: Partial<Parameters<typeof recordService>[0]> = {},
) {
  return recordService({
    target: service.target,
    apiKey: 'k',
    concurrency: 4,
    rate: 1000,
    version: 'test',
    ...options,
  })
}

it('saves a video that takes longer than the timeout while its bytes keep coming, in one request', async () => {
  const chunk = Buffer.alloc(16 * 1024, 1)
  await using service = await startHostileService(['v1'], {
    '/media/v1.mp4': trickle(chunk, 20, 40),
  })
  const mediaDir = newMediaDir()
  const result = await recordFrom(service, {
    mediaDir,
    // The whole body takes some 800 ms, well over the timeout of its headers.
    limits: { timeoutMs: 200, idleTimeoutMs: 10_000 },
  })
  expect(result.failures).toEqual([])
  expect(result.media).toEqual([
    { name: 'v1.mp4', bytes: 40 * chunk.length, served: true },
  ])
  expect(statSync(join(mediaDir, 'v1.mp4')).size).toBe(40 * chunk.length)
  expect(service.hits('/media/v1.mp4')).toBe(1)
})

it('saves a 200 MB video to disk as it arrives, its memory far below its size', async () => {
  const chunk = Buffer.alloc(1024 * 1024, 7)
  const chunks = 200
  await using service = await startHostileService(['v1'], {
    '/media/v1.mp4': (_, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' })
      let sent = 0
      const pump = () => {
        while (sent < chunks) {
          sent++
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end()
      }
      pump()
    },
  })
  const mediaDir = newMediaDir()
  const before = process.memoryUsage().rss
  const result = await recordFrom(service, {
    mediaDir,
  })
  const grown = process.memoryUsage().rss - before
  expect(result.failures).toEqual([])
  expect(statSync(join(mediaDir, 'v1.mp4')).size).toBe(chunks * chunk.length)
  // Held whole (twice, as before), it took over 400 MB.
  expect(grown).toBeLessThan(100 * 1024 ** 2)
  rmSync(mediaDir, { recursive: true })
})

it('stops an endless video at the per-file cap without a retry, and leaves no file behind', async () => {
  await using service = await startHostileService(['v1', 'v2'], {
    '/media/v1.mp4': trickle(Buffer.alloc(64 * 1024, 1), 1),
  })
  const mediaDir = newMediaDir()
  const result = await recordFrom(service, {
    mediaDir,
    limits: { maxMediaBytes: 1024 * 1024 },
  })
  expect(result.failures).toEqual([
    {
      url: expect.stringMatching(/\/media\/v1\.mp4$/),
      reason:
        'the body is larger than 1 MiB, the most record saves of one media file',
      attempts: 1,
      tooLarge: true,
    },
  ])
  expect(service.hits('/media/v1.mp4')).toBe(1)
  // v2's video is saved; nothing of v1's, not even a temporary file.
  expect(readdirSync(mediaDir)).toEqual(['v2.mp4'])
  expect(
    result.document.contents.map((content) => content.variation_unique),
  ).toEqual(['v1', 'v2'])
})

it('gives up on a video that stalls after its headers once it is idle too long, without a retry', async () => {
  await using service = await startHostileService(['v1'], {
    '/media/v1.mp4': (_, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' })
      response.write('first bytes')
    },
  })
  const mediaDir = newMediaDir()
  const result = await recordFrom(service, {
    mediaDir,
    limits: { idleTimeoutMs: 300 },
  })
  expect(result.failures).toMatchObject([
    { reason: 'no byte of the body came for 300 ms', attempts: 1 },
  ])
  expect(service.hits('/media/v1.mp4')).toBe(1)
  expect(readdirSync(mediaDir)).toEqual([])
})

it('refuses an endless JSON list at the cap of one answer with a clear reason, its memory bounded', async () => {
  await using service = await startHostileService(['v1'], {
    '/projects/p1/contents': endlessJsonList(),
  })
  const before = process.memoryUsage().rss
  const run = await runRecord(service.target)
  const grown = process.memoryUsage().rss - before
  expect(run.code, run.stderr).toBe(0)
  expect(run.stdout).toContain(
    'GET /projects/p1/contents: the body is larger than 64 MiB, the most read of one answer after 1 attempt',
  )
  // Read whole, a list that never ends would take all memory; capped at
  // 64 MiB, reading and joining it stays within a few hundred MB.
  expect(grown).toBeLessThan(400 * 1024 ** 2)
  expect(service.hits('/projects/p1/contents')).toBe(1)
})

it('stops with exit 2 and one line when the project list itself is over the cap, writing nothing', async () => {
  await using service = await startHostileService([], {
    '/projects': endlessJsonList(),
  })
  const run = await runRecord(service.target)
  expect(run.code).toBe(2)
  expect(run.stderr).toMatch(
    /^content-api-mock: http:\/\/127\.0\.0\.1:\d+\/public-api\/v1\/projects answered a body larger than 64 MiB, the most read of one answer, so nothing was recorded\. Check --target: .+\n$/m,
  )
  expect(service.hits('/projects')).toBe(1)
  expect(existsSync(run.out)).toBe(false)
})

it('records around answers nested deeper than --fixtures reads, 150 and 100,000 levels, naming where', async () => {
  await using service = await startHostileService(
    ['ok', 'near', 'deep', 'deeper'],
    {},
    { near: nest(90), deep: nest(150), deeper: nest(100_000) },
  )
  const run = await runRecord(service.target)
  expect(run.code, run.stderr).toBe(0)
  const document = await readFixtureFile(run.out)
  expect(document.contents.map((content) => content.variation_unique)).toEqual([
    'ok',
    'near',
    'deep',
    'deeper',
  ])
  // Only their list fields are kept: the details are not.
  expect(run.stdout).toMatch(/not-recorded ×\d+/)
  // 90 levels fit in the document: that detail is kept whole.
  const near = document.contents.find(
    (content) => content.variation_unique === 'near',
  )
  expect(JSON.stringify(near)).toContain(`${'['.repeat(90)}1`)
})

it('tells where an answer nests too deep, in the finding', async () => {
  await using service = await startHostileService(['v1'], {}, { v1: nest(150) })
  const result = await recordFrom(service, {})
  expect(result.findings).toContainEqual({
    kind: 'not-recorded',
    where: 'GET /projects/p1/contents/{variation_unique}',
    field: 'content.x[0][0][0][0][0][0]',
    message:
      'GET /projects/p1/contents/{variation_unique}: variation_unique v1 nests objects and arrays more than 100 levels deep in the fixture document, at content.x[0][0][0][0][0][0]…; not kept, as --fixtures reads at most 100 levels',
  })
})

it('gives verify a cut-short answer, not GBs of memory, for an endless JSON list', async () => {
  await using service = await startHostileService([], {
    '/projects': endlessJsonList(),
  })
  let stdout = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => {} },
    env: { CONTENT_API_KEY: 'k' },
    onStopSignal: () => () => {},
    exit(code) {
      throw new Error(`The CLI tried to end the process with ${code}.`)
    },
  }
  const before = process.memoryUsage().rss
  const code = await runCli(
    ['verify', '--target', service.target, '--report', 'json'],
    io,
  )
  const grown = process.memoryUsage().rss - before
  expect(code).toBe(1)
  expect(stdout).toContain(
    'reading the body failed: the body is larger than 64 MiB, the most read of one answer',
  )
  expect(grown).toBeLessThan(400 * 1024 ** 2)
})
