import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
// A unit test of the CLI's HTTP client for a real service, which no entry exports.
import { PoliteClient } from '../../../src/cli/crawl/polite-client.js'
import { parseRetryAfter } from '../../../src/cli/crawl/parse-retry-after.js'

interface Arrival {
  path: string
  at: number
}

/**
 * A loopback server whose `answer` decides each request (its index among
 * those to the same path is `nth`), recording when each arrived and the most
 * requests it had in flight at once.
 */
async function startService(
  answer: (
    request: IncomingMessage,
    response: ServerResponse,
    nth: number,
  ) => void | Promise<void>,
) {
  const arrivals: Arrival[] = []
  const counts = new Map<string, number>()
  let inFlight = 0
  let maxInFlight = 0
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/'
    const nth = counts.get(path) ?? 0
    counts.set(path, nth + 1)
    arrivals.push({ path, at: Date.now() })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.on('close', () => inFlight--)
    await answer(request, response, nth)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    maxInFlight: () => maxInFlight,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const json = (response: ServerResponse, status: number, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify({ status }))
}

it('waits out a 429 with Retry-After in seconds, then gets the answer', async () => {
  await using service = await startService((_, response, nth) =>
    nth === 0
      ? json(response, 429, { 'retry-after': '1' })
      : json(response, 200),
  )
  const client = new PoliteClient()
  const outcome = await client.get(`${service.url}/a`)
  expect(outcome).toEqual({ ok: true, value: { status: 200 } })
  expect(client.stats()).toMatchObject({ rateLimited: 1, retries: 1 })
  const [first, second] = service.arrivals
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(950)
})

it('waits out a 429 with Retry-After as an HTTP-date, holding back other requests too', async () => {
  await using service = await startService((request, response, nth) => {
    if (request.url === '/a' && nth === 0) {
      const date = new Date(Date.now() + 2000).toUTCString()
      json(response, 429, { 'retry-after': date })
    } else json(response, 200)
  })
  const client = new PoliteClient()
  const first = client.get(`${service.url}/a`)
  // The other request starts once the 429 came back (on a busy machine that
  // may take longer than the pace's interval).
  while (client.stats().rateLimited === 0) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const other = client.get(`${service.url}/b`)
  expect(await first).toMatchObject({ ok: true })
  expect(await other).toMatchObject({ ok: true })
  const rejected = service.arrivals[0]!.at
  for (const arrival of service.arrivals.slice(1)) {
    expect(arrival.at - rejected, arrival.path).toBeGreaterThanOrEqual(900)
  }
})

it('retries a 5xx and a dropped connection, then gets the answer', async () => {
  await using service = await startService((request, response, nth) => {
    if (nth === 0 && request.url === '/error') json(response, 503)
    else if (nth === 0) request.socket.destroy()
    else json(response, 200)
  })
  const client = new PoliteClient({ rate: 100 })
  expect(await client.get(`${service.url}/error`)).toMatchObject({ ok: true })
  expect(await client.get(`${service.url}/drop`)).toMatchObject({ ok: true })
  expect(client.stats().retries).toBe(2)
  expect(client.failures()).toEqual([])
})

it('gives up after its retries and reports the request instead of throwing', async () => {
  await using service = await startService((_, response) => json(response, 500))
  const retries: number[] = []
  const client = new PoliteClient({
    retries: 2,
    rate: 100,
    onRetry: ({ attempt }) => retries.push(attempt),
  })
  const outcome = await client.get(`${service.url}/broken`)
  const failure = {
    url: `${service.url}/broken`,
    reason: 'HTTP 500',
    status: 500,
    attempts: 3,
  }
  expect(outcome).toEqual({ ok: false, ...failure })
  expect(client.failures()).toEqual([failure])
  expect(retries).toEqual([2, 3])
  expect(service.arrivals).toHaveLength(3)
})

it('does not retry an answer that another attempt would not change (404)', async () => {
  await using service = await startService((_, response) => json(response, 404))
  const client = new PoliteClient()
  expect(await client.get(`${service.url}/gone`)).toMatchObject({
    ok: false,
    status: 404,
    attempts: 1,
  })
})

it('keeps at most `concurrency` requests in flight', async () => {
  await using service = await startService(async (_, response) => {
    await new Promise((resolve) => setTimeout(resolve, 150))
    json(response, 200)
  })
  const client = new PoliteClient({ concurrency: 2, rate: 1000 })
  const outcomes = await Promise.all(
    Array.from({ length: 6 }, (_, i) => client.get(`${service.url}/${i}`)),
  )
  expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
  expect(service.maxInFlight()).toBe(2)
})

it('starts at most `rate` requests a second, evenly', async () => {
  await using service = await startService((_, response) => json(response, 200))
  const client = new PoliteClient({ concurrency: 8, rate: 5 })
  await Promise.all(
    Array.from({ length: 4 }, (_, i) => client.get(`${service.url}/${i}`)),
  )
  const times = service.arrivals.map((arrival) => arrival.at)
  for (let i = 1; i < times.length; i++) {
    expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(150)
  }
})

it('reads Retry-After as delta-seconds or an HTTP-date', () => {
  const now = Date.parse('2026-10-21T07:28:00Z')
  expect(parseRetryAfter('120', now)).toBe(120_000)
  expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000)
  expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0)
  expect(parseRetryAfter('soon', now)).toBeUndefined()
  expect(parseRetryAfter(null, now)).toBeUndefined()
})

it('gives any answer as the value of answer(), retrying only what it is told to', async () => {
  await using service = await startService((request, response, nth) => {
    if (request.url === '/limited' && nth === 0) {
      json(response, 429, { 'retry-after': '0' })
    } else if (request.url === '/drop') request.socket.destroy()
    else
      json(response, request.url === '/gone' ? 404 : 503, { 'X-Trace': 't1' })
  })
  const client = new PoliteClient({
    rate: 100,
    retryStatuses: [429],
    retryFailures: false,
  })
  const gone = await client.answer(`${service.url}/gone`)
  expect(gone).toMatchObject({
    ok: true,
    value: { status: 404, headers: { 'x-trace': 't1' }, body: { whole: true } },
  })
  expect(
    gone.ok &&
      JSON.parse(
        new TextDecoder().decode(
          (gone.value.body as { bytes: Uint8Array }).bytes,
        ),
      ),
  ).toEqual({ status: 404 })
  expect(await client.answer(`${service.url}/busy`)).toMatchObject({
    ok: true,
    value: { status: 503 },
  })
  expect(await client.answer(`${service.url}/limited`)).toMatchObject({
    ok: true,
    value: { status: 503 },
  })
  expect(await client.answer(`${service.url}/drop`)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/^network error/),
    attempts: 1,
  })
  expect(service.arrivals.map((arrival) => arrival.path)).toEqual([
    '/gone',
    '/busy',
    '/limited',
    '/limited',
    '/drop',
  ])
})

it('gives a body cut short after the headers as an answer, and retries it in get()', async () => {
  await using service = await startService((request, response, nth) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': '100',
    })
    if (request.url === '/get' && nth > 0) response.end(' '.repeat(98) + '{}')
    else response.write('{"data":[', () => request.socket.destroy())
  })
  const client = new PoliteClient({ rate: 100, retryFailures: false })
  expect(await client.answer(`${service.url}/answer`)).toMatchObject({
    ok: true,
    value: {
      status: 200,
      body: { whole: false, reason: expect.stringMatching(/^network error/) },
    },
  })
  const retrying = new PoliteClient({ rate: 100 })
  expect(await retrying.get(`${service.url}/get`)).toEqual({
    ok: true,
    value: {},
  })
})

it('says a request ran out of time, before the headers or after them', async () => {
  await using service = await startService(async (request, response) => {
    if (request.url === '/body') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{')
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    response.end()
  })
  const client = new PoliteClient({ timeoutMs: 200, retryFailures: false })
  expect(await client.answer(`${service.url}/headers`)).toMatchObject({
    ok: false,
    reason: 'timed out',
    timedOut: true,
    attempts: 1,
  })
  expect(await client.answer(`${service.url}/body`)).toMatchObject({
    ok: true,
    value: { status: 200, body: { whole: false, timedOut: true } },
  })
})

it('backs off on a Retry-After it cannot read, instead of waiting the longest', async () => {
  await using service = await startService((_, response, nth) =>
    nth === 0
      ? json(response, 429, { 'retry-after': 'soon' })
      : json(response, 200),
  )
  const client = new PoliteClient({ backoffMs: 100, maxRetryAfterMs: 60_000 })
  const started = Date.now()
  expect(await client.get(`${service.url}/a`)).toMatchObject({ ok: true })
  expect(Date.now() - started).toBeLessThan(5000)
})

it('does not count the wait in line for the pace against the timeout', async () => {
  await using service = await startService((_, response) => json(response, 200))
  const client = new PoliteClient({ concurrency: 4, rate: 4, timeoutMs: 150 })
  const outcomes = await Promise.all(
    Array.from({ length: 3 }, (_, i) => client.get(`${service.url}/${i}`)),
  )
  expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
  expect(client.stats()).toMatchObject({ requests: 3, retries: 0 })
})

it('refuses a JSON answer over its cap without a retry, never reading it whole', async () => {
  await using service = await startService((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write(`{"data":"${'x'.repeat(256 * 1024)}`)
    // …and never ends.
  })
  const client = new PoliteClient({ maxBodyBytes: 64 * 1024 })
  const outcome = await client.get(`${service.url}/big`)
  expect(outcome).toEqual({
    ok: false,
    url: `${service.url}/big`,
    reason: 'the body is larger than 65536 bytes, the most read of one answer',
    attempts: 1,
    tooLarge: true,
  })
  expect(service.arrivals).toHaveLength(1)
})

it('retries a download until its headers come, then hands its body over unread and past the timeout', async () => {
  await using service = await startService((_, response, nth) => {
    if (nth === 0) return json(response, 503)
    response.writeHead(200, { 'content-type': 'video/mp4' })
    response.write('first')
    setTimeout(() => response.end(' last'), 400)
  })
  const client = new PoliteClient({ backoffMs: 1, timeoutMs: 100 })
  const outcome = await client.download(`${service.url}/v.mp4`, (response) =>
    response.text(),
  )
  expect(outcome).toEqual({ ok: true, value: 'first last' })
  expect(service.arrivals).toHaveLength(2)
})
