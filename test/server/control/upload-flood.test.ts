import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { startServer } from '../../support/server.js'

// A flood of fixture uploads that declare far more than they send, against
// a real server process: a few are read at once, a few wait unread, the
// rest are refused at once, and the process's memory, threads and file
// descriptors stay within the limits docs/security.md states. Counts and
// sizes, never times.

const UPLOADS = 150
const DECLARED = 200_000_000
const SENT = '{"version":1,'
const MiB = 1024 * 1024

const SERVER_CHILD = `
import { createContentApiServer } from ${JSON.stringify(new URL('../../../dist/server/index.js', import.meta.url).href)}
const server = await createContentApiServer({
  port: 0,
  headersTimeout: 10000,
  requestTimeout: 20000,
})
process.on('message', async () => {
  await server.close()
  process.disconnect()
})
process.send({ url: server.url })
`

const mb = (bytes: number) => Math.round(bytes / MiB)

/**
 * The server process's resident memory, threads and open descriptors other
 * than sockets (a connection is one whatever its upload costs; a worker's
 * event loop holds a few of the others).
 */
function usageOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1])
  const descriptors = readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return !readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')
    } catch {
      return false
    }
  })
  return {
    rss: field('VmRSS') * 1024,
    threads: field('Threads'),
    descriptors: descriptors.length,
  }
}

/** An upload sent on a connection of its own, and its answer. */
interface RawUpload {
  socket: Socket
  /** Resolves once the bytes given are written. */
  sent: Promise<void>
  /** The status (0 for none) and the whole text, once the connection closes. */
  answer: Promise<{ status: number; text: string }>
}

/**
 * Sends `PUT /__mock/fixtures` declaring `declared` bytes and sending
 * `body` of them, then nothing more; `sent` resolves once the headers are
 * written (a body the server does not read may not be, ever).
 */
function sendUpload(
  url: URL,
  declared: number,
  body = SENT,
  headers = '',
): RawUpload {
  const socket = connect(Number(url.port), url.hostname)
  const sent = new Promise<void>((resolve) =>
    socket.write(
      `PUT /__mock/fixtures HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n${headers}\r\n`,
      () => resolve(),
    ),
  )
  socket.write(body)
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  socket.on('error', () => {})
  const answer = once(socket, 'close').then(() => ({
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0),
    text,
  }))
  return { socket, sent, answer }
}

it.skipIf(!existsSync('/proc/self/status'))(
  `answers each of ${UPLOADS} uploads declaring 200 MB and sending 14 bytes, reading 2 and holding 8, within the documented memory, threads and descriptors`,
  async () => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', SERVER_CHILD],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    )
    const exited = once(child, 'exit')
    try {
      const [{ url }] = (await once(child, 'message')) as [{ url: string }]
      const target = new URL(url)
      await fetch(`${url}/__mock/health`)
      const idle = usageOf(child.pid!)
      // The most of each figure while the flood is answered.
      const peak = { ...idle }
      const sample = setInterval(() => {
        const now = usageOf(child.pid!)
        for (const key of ['rss', 'threads', 'descriptors'] as const) {
          peak[key] = Math.max(peak[key], now[key])
        }
      }, 50)

      const results = await Promise.all(
        Array.from(
          { length: UPLOADS },
          () => sendUpload(target, DECLARED).answer,
        ),
      ).finally(() => clearInterval(sample))

      expect(results.every(({ status }) => status !== 0)).toBe(true)
      const statuses = results.map(({ status }) => status)
      const busy = results.filter(({ status }) => status === 503)
      expect(busy.length).toBeGreaterThanOrEqual(UPLOADS - 10)
      expect(statuses.filter((status) => status !== 503)).toEqual(
        statuses.filter((status) => status === 408),
      )
      const first = busy[0]!
      expect(first.text).toMatch(/\r\nretry-after: 2\r\n/i)
      expect(first.text).toContain('"code":"too_many_uploads"')

      // The limits docs/security.md states for such a flood.
      console.log(
        `upload flood: RSS ${mb(idle.rss)} -> ${mb(peak.rss)} MB, threads ${idle.threads} -> ${peak.threads}, descriptors but sockets ${idle.descriptors} -> ${peak.descriptors}`,
      )
      expect(peak.rss - idle.rss).toBeLessThan(100 * MiB)
      expect(peak.threads - idle.threads).toBeLessThanOrEqual(4)
      expect(peak.descriptors - idle.descriptors).toBeLessThanOrEqual(16)
    } finally {
      child.send('close')
      await exited
    }
  },
  60_000,
)

it('reads a large upload that waited once a turn frees, and refuses one past the waiting places with 503 at once', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const target = new URL(server.url)
  // @note A round trip on another connection after each step: the bytes
  // written before it reach the server first.
  const settle = () => fetch(`${server.adminUrl}/health`)
  const stalled = async (count: number) => {
    const uploads = Array.from({ length: count }, () =>
      sendUpload(target, 2 * MiB),
    )
    await Promise.all(uploads.map((upload) => upload.sent))
    await settle()
    return uploads
  }
  const document = loadFixture('small.json')
  // Over 1 MiB, so that it takes a turn: the same document, padded.
  const body = `${JSON.stringify(document)}${' '.repeat(MiB + 1)}`

  const readers = await stalled(2)
  const waiting = sendUpload(target, Buffer.byteLength(body), body)
  await waiting.sent
  await settle()
  const others = await stalled(7)
  // The 2 readers and 8 waiting: one more is refused without being read.
  const refused = await sendUpload(target, Buffer.byteLength(body), body).answer
  expect(refused.status).toBe(503)
  expect(refused.text).toMatch(/\r\nretry-after: 2\r\n/i)
  expect(refused.text).toContain('"code":"too_many_uploads"')
  // A small compressed body may inflate to 200 MiB: it takes a turn too.
  const gzipped = gzipSync(JSON.stringify(document))
  const compressed = await sendUpload(
    target,
    gzipped.length,
    '',
    'Content-Encoding: gzip\r\n',
  ).answer
  expect(compressed.status).toBe(503)

  for (const upload of [...readers, ...others]) upload.socket.destroy()
  const loaded = await waiting.answer
  expect(loaded.status).toBe(200)
  expect(
    JSON.parse(loaded.text.slice(loaded.text.indexOf('\r\n\r\n') + 4)),
  ).toEqual({
    status: 'loaded',
    projects: document.projects.length,
    contents: document.contents.length,
  })
})
