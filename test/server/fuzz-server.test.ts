import { Agent, request as httpRequest } from 'node:http'
import { expect, it } from 'vitest'
import type { FuzzRequest } from '../support/fuzz-request.js'
import {
  assertFuzzRuns,
  readFuzzSettings,
  type FuzzOutcome,
} from '../support/fuzz-run.js'
import { expectBaseline, readBaseline } from '../support/read-baseline.js'
import { startSmallServer } from '../support/server.js'

// `npm run fuzz` raises the runs (FUZZ_RUNS) and draws a new seed, as CI
// does for the bounded run.
const { numRuns, seed } = readFuzzSettings(400, 'server')

/**
 * Sends a request as written: raw target (no URL normalisation, so `..` and
 * `%zz` reach the server), repeated headers as separate lines.
 */
function send(
  url: URL,
  agent: Agent,
  request: FuzzRequest,
): Promise<FuzzOutcome> {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of request.headers) {
    const earlier = headers[name]
    headers[name] = earlier === undefined ? value : [earlier, value].flat()
  }
  // @note Node's client frames a body of GET, HEAD, DELETE or OPTIONS neither
  // by length nor in chunks: its bytes would reach the server as the start
  // of the next request on the connection, a client's error, not the server's.
  if (request.body !== undefined) {
    headers['content-length'] = String(Buffer.byteLength(request.body))
  }
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        headers,
        agent,
        timeout: 15_000,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', (error) => resolve({ error: error.message }))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error('no answer within 15 s')),
    )
    outgoing.on('error', (error) => resolve({ error: error.message }))
    outgoing.end(request.body)
  })
}

it(
  'answers random requests to a real server without an unasked 5xx, with JSON on every API and control path, and still answers correctly afterwards',
  async () => {
    await using server = await startSmallServer()
    const url = new URL(server.url)
    const agent = new Agent({ keepAlive: true })
    const before = await readBaseline(server.apiUrl)
    await assertFuzzRuns(
      {
        adapter: 'server',
        send: (request) => send(url, agent, request),
        pathOf: (request) => request.target,
        scenarioInForce: () => server.mock.scenarios.list().length > 0,
        // A scenario a body put in force would answer every later run.
        afterRun: () => server.mock.scenarios.clear(),
      },
      { numRuns, seed },
    )
    agent.destroy()

    const health = await fetch(`${server.adminUrl}/health`)
    expect(health.status).toBe(200)
    const reset = await fetch(`${server.adminUrl}/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(reset.status).toBe(200)
    await expectBaseline(server.apiUrl, before)
  },
  Math.max(60_000, numRuns * 100),
)
