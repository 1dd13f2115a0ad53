import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCli } from '../support/start-cli.js'
import { SLOW_HANDLERS_MODULE } from '../support/slow-handlers.js'
import { startServer } from '../support/server.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const STALLED_UPLOAD =
  'PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'

// @note Inside the repository, so that the handlers module resolves `msw`.
let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(join(ROOT, 'test', '.tmp-shutdown-'))
})
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
})

/** Opens a connection, writes `text`, and resolves once the server closed it. */
function openStalled(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    let received = ''
    const socket = connect(Number(port), hostname, () => socket.write(text))
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', () => {})
    socket.on('close', () => resolve(received))
  })
}

interface Answer {
  status: number
  connection: string | undefined
}

/** A GET through `agent`; rejects with the socket error's code. */
function get(agent: Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
        }),
      )
    })
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code ?? error.message)),
    )
    request.end()
  })
}

/**
 * Starts the CLI with a shutdown timeout, opens an upload that stalls, and
 * resolves once the server has read its headers.
 */
async function startWithStalledUpload(shutdownTimeout: number) {
  const cli = await startCli([
    ...['--port', '0', '--log', 'off'],
    '--shutdown-timeout',
    String(shutdownTimeout),
  ])
  const stalled = openStalled(cli.url, STALLED_UPLOAD)
  // Answered after the stalled request's headers were read.
  expect((await fetch(`${cli.url}/__mock/health`)).status).toBe(200)
  return { cli, stalled }
}

it('exits 0 once the shutdown timeout has passed, while an upload stalls', async () => {
  const { cli, stalled } = await startWithStalledUpload(300)
  await using _cli = cli
  cli.kill('SIGTERM')
  expect(await cli.exited).toBe(0)
  await stalled
  expect(cli.stderr()).toMatch(
    /SIGTERM received: stopping, finishing open requests \(at most 300 ms; SIGTERM again exits at once\)/,
  )
})

it('exits at once on a second SIGTERM, however long the shutdown timeout', async () => {
  const { cli, stalled } = await startWithStalledUpload(600_000)
  await using _cli = cli
  cli.kill('SIGTERM')
  await cli.waitFor(/SIGTERM received/)
  cli.kill('SIGTERM')
  expect(await cli.exited).toBe(1)
  await stalled
  expect(cli.stderr()).toMatch(
    /SIGTERM again: exiting without waiting for open requests/,
  )
})

it('answers requests in flight at SIGTERM with Connection: close, closes idle keep-alive connections, and no request is reset', async () => {
  const handlers = join(tmp, 'slow-handlers.mjs')
  writeFileSync(handlers, SLOW_HANDLERS_MODULE)
  await using cli = await startCli([
    ...['--port', '0', '--log', 'off'],
    '--handlers',
    handlers,
  ])
  const agent = new Agent({ keepAlive: true, maxSockets: 6 })
  const health = `${cli.url}/__mock/health`
  // Six open connections, then three of them busy and three idle.
  await Promise.all(Array.from({ length: 6 }, () => get(agent, health)))
  const slow = Array.from({ length: 3 }, () => get(agent, `${cli.apiUrl}/slow`))
  await cli.waitFor(/(slow request started\n[\s\S]*){3}/)

  cli.kill('SIGTERM')
  await cli.waitFor(/SIGTERM received/)
  for (const answer of await Promise.all(slow)) {
    expect(answer).toEqual({ status: 200, connection: 'close' })
  }
  const after = await Promise.allSettled(
    Array.from({ length: 3 }, () => get(agent, health)),
  )
  for (const result of after) {
    if (result.status === 'fulfilled') {
      expect(result.value.status).toBe(200)
    } else {
      expect((result.reason as Error).message).toBe('ECONNREFUSED')
    }
  }
  expect(await cli.exited).toBe(0)
  agent.destroy()
})

it('resolves close() of the library after its shutdown timeout while an upload stalls', async () => {
  const server = await startServer({ shutdownTimeout: 200 })
  const stalled = openStalled(server.url, STALLED_UPLOAD)
  expect((await fetch(`${server.url}/__mock/health`)).status).toBe(200)
  await server.close()
  await stalled
})
