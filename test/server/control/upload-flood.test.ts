import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { connect } from 'node:net'
import { expect, it } from 'vitest'

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
  headersTimeout: 2000,
  requestTimeout: 8000,
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

/** Sends an upload's headers and its first bytes, then nothing; resolves with the answer's status line and body. */
function upload(url: URL) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(
        `PUT /__mock/fixtures HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED}\r\n\r\n${SENT}`,
      ),
    )
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', () => {})
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0),
        text,
      }),
    )
  })
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
        Array.from({ length: UPLOADS }, () => upload(target)),
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
