import type { ContentApiMockOptions } from 'content-api-mock'
import { expect, it } from 'vitest'
import {
  callApi,
  serveSmallDataset,
  useMswServer,
  type ApiResult,
} from '../../support/api-client.js'

const server = useMswServer()

const T0 = Date.parse('2025-01-01T00:00:00Z')

/** Serves the small dataset under `rateLimit`, its clock set to `start`. */
function limitFrom(
  start: number,
  rateLimit: ContentApiMockOptions['rateLimit'],
) {
  const mock = serveSmallDataset(server, { rateLimit })
  mock.clock.set(start)
  return mock
}

function rateLimitHeaders(result: ApiResult) {
  return {
    limit: result.headers.get('ratelimit-limit'),
    remaining: result.headers.get('ratelimit-remaining'),
    reset: result.headers.get('ratelimit-reset'),
  }
}

it('allows `limit` requests per window, then answers 429 rate_limited with Retry-After to the second', async () => {
  const mock = limitFrom(T0, { limit: 3, window: '1m' })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  mock.clock.advance(10_000)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  mock.clock.advance(10_000)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  mock.clock.advance(5_000)

  const limited = await callApi('/projects', { key: 'k_a' })
  expect(limited.status).toBe(429)
  expect(limited.body.error.code).toBe('rate_limited')
  expect(limited.headers.get('retry-after')).toBe('35')

  mock.clock.advance(34_500)
  const stillLimited = await callApi('/projects', { key: 'k_a' })
  expect(stillLimited.status).toBe(429)
  expect(stillLimited.headers.get('retry-after')).toBe('1')
})

it('starts a new window once the old one has ended', async () => {
  const mock = limitFrom(T0, { limit: 2, window: '30s' })
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects', { key: 'k_a' })
  mock.clock.advance(29_999)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(429)

  mock.clock.advance(1)
  const next = await callApi('/projects', { key: 'k_a' })
  expect(next.status).toBe(200)
  expect(rateLimitHeaders(next)).toEqual({
    limit: '2',
    remaining: '1',
    reset: '30',
  })
})

it('counts each API key on its own', async () => {
  limitFrom(T0, { limit: 2, window: '1m' })
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects', { key: 'k_a' })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(429)

  const other = await callApi('/projects', { key: 'k_b' })
  expect(other.status).toBe(200)
  expect(rateLimitHeaders(other).remaining).toBe('1')
})

it('sends the RateLimit headers on every response of a limited key: 200, 404, 422 and 429', async () => {
  const mock = limitFrom(T0, { limit: 3, window: '1m' })

  // Mock time passed before each request, its path, and what it gets.
  const steps: Array<[number, string, number, string, string]> = [
    [0, '/projects', 200, '2', '60'],
    [15_000, '/projects/p3', 404, '1', '45'],
    [15_000, '/projects/bad%20id', 422, '0', '30'],
    [500, '/projects', 429, '0', '30'],
  ]
  let last: ApiResult | undefined
  for (const [elapsed, path, status, remaining, reset] of steps) {
    mock.clock.advance(elapsed)
    last = await callApi(path, { key: 'k_a' })
    expect({ status: last.status, ...rateLimitHeaders(last) }, path).toEqual({
      status,
      limit: '3',
      remaining,
      reset,
    })
  }
  expect(last!.headers.get('retry-after')).toBe('30')
})

it("switches to the X-RateLimit-* names with headers: 'x-ratelimit', the reset in epoch seconds", async () => {
  const mock = limitFrom(T0, { limit: 2, window: '1m', headers: 'x-ratelimit' })
  const result = await callApi('/projects', { key: 'k_a' })
  expect(result.headers.get('x-ratelimit-limit')).toBe('2')
  expect(result.headers.get('x-ratelimit-remaining')).toBe('1')
  expect(result.headers.get('x-ratelimit-reset')).toBe(String(T0 / 1000 + 60))
  expect(result.headers.get('ratelimit-limit')).toBeNull()

  mock.clock.advance(20_000)
  await callApi('/projects', { key: 'k_a' })
  const limited = await callApi('/projects', { key: 'k_a' })
  expect(limited.status).toBe(429)
  expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
  expect(limited.headers.get('x-ratelimit-reset')).toBe(String(T0 / 1000 + 60))
  expect(limited.headers.get('retry-after')).toBe('40')
})

it('refills a token bucket evenly over the window', async () => {
  const mock = limitFrom(T0, {
    limit: 4,
    window: '1m',
    algorithm: 'token-bucket',
  })
  for (let index = 0; index < 4; index++) {
    expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  }
  const empty = await callApi('/projects', { key: 'k_a' })
  expect(empty.status).toBe(429)
  // One token every 15 s.
  expect(empty.headers.get('retry-after')).toBe('15')

  mock.clock.advance(15_000)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(429)

  mock.clock.advance(7_500)
  const halfway = await callApi('/projects', { key: 'k_a' })
  expect(halfway.status).toBe(429)
  expect(halfway.headers.get('retry-after')).toBe('8')

  mock.clock.advance(60_000)
  const statuses = []
  for (let index = 0; index < 5; index++) {
    statuses.push((await callApi('/projects', { key: 'k_a' })).status)
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429])
})

it('counts each endpoint on its own with perEndpoint: true', async () => {
  limitFrom(T0, { limit: 1, window: '1m', perEndpoint: true })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(429)
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects/p4', { key: 'k_a' })).status).toBe(429)
  expect((await callApi('/projects/p1/contents', { key: 'k_a' })).status).toBe(
    200,
  )
})

it('answers unauthenticated requests 401 without counting them', async () => {
  limitFrom(T0, { limit: 2, window: '1m' })
  const first = await callApi('/projects', { key: 'k_a' })
  expect(rateLimitHeaders(first).remaining).toBe('1')

  for (const key of [undefined, 'nope', 'k_expired', 'k_revoked']) {
    const rejected = await callApi('/projects', { key })
    expect(rejected.status).toBe(401)
    expect(rateLimitHeaders(rejected).limit).toBeNull()
  }
  // Many 401s under one limit of 2: none of them became a 429.
  for (let index = 0; index < 3; index++) {
    expect((await callApi('/projects')).status).toBe(401)
  }

  const second = await callApi('/projects', { key: 'k_a' })
  expect(second.status).toBe(200)
  expect(rateLimitHeaders(second).remaining).toBe('0')
})

it('forgets every count on reset()', async () => {
  const mock = serveSmallDataset(server, {
    rateLimit: { limit: 1, window: '1h' },
  })
  await callApi('/projects', { key: 'k_a' })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(429)

  await mock.reset()
  const after = await callApi('/projects', { key: 'k_a' })
  expect(after.status).toBe(200)
  expect(rateLimitHeaders(after)).toMatchObject({ limit: '1', remaining: '0' })
})

it('lists where each key stands in the scenario, as its next headers would say, without counting', async () => {
  const mock = limitFrom(T0, { limit: 3, window: '1m' })
  await callApi('/projects', { key: 'k_a' })
  mock.clock.advance(10_000)
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects', { key: 'k_b' })
  mock.clock.advance(5_000)

  const [limit] = mock.scenarios.list()
  const next = await callApi('/projects', { key: 'k_a' })
  expect(limit!.usage).toEqual([
    {
      keyLabel: 'acct_a#1',
      remaining: 1,
      resetSeconds: 45,
    },
    { keyLabel: 'acct_b#1', remaining: 2, resetSeconds: 55 },
  ])
  expect(rateLimitHeaders(next)).toMatchObject({ remaining: '0', reset: '45' })
  expect(mock.scenarios.list()[0]!.usage![0]!.remaining).toBe(0)

  // A window that has ended leaves the list: the key starts afresh.
  mock.clock.advance(45_000)
  expect(mock.scenarios.list()[0]!.usage).toEqual([
    { keyLabel: 'acct_b#1', remaining: 2, resetSeconds: 10 },
  ])
})

it('lists a token bucket until it is full again, and each endpoint with perEndpoint', async () => {
  const mock = serveSmallDataset(server, {
    rateLimit: {
      limit: 4,
      window: '1m',
      algorithm: 'token-bucket',
      perEndpoint: true,
    },
  })
  mock.clock.set(T0)
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects/p1', { key: 'k_a' })
  mock.clock.advance(7_500)

  const usage = mock.scenarios.list()[0]!.usage!
  expect(
    usage.map(({ endpoint, remaining, resetSeconds }) => ({
      endpoint,
      remaining,
      resetSeconds,
    })),
  ).toEqual([
    // Half a token back of two spent: 2.5 left, full in 22.5 s.
    { endpoint: 'listProjects', remaining: 2, resetSeconds: 23 },
    { endpoint: 'getProject', remaining: 3, resetSeconds: 8 },
  ])
  mock.clock.advance(22_500)
  expect(mock.scenarios.list()[0]!.usage).toEqual([])
})
