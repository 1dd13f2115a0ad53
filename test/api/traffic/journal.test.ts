import { expect, it } from 'vitest'
import {
  BASE_URL,
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../../support/api-client.js'

const server = useMswServer()

it('journals every answered request: time on the mock clock, method, path, query, endpoint, key label, status and duration', async () => {
  const mock = serveSmallDataset(server)
  mock.clock.set('2025-01-01T00:00:00Z')
  await callApi('/projects?page=2&sort=name', { key: 'k_a' })
  mock.clock.advance(1500)
  await callApi('/projects/p3', { key: 'k_a' })

  expect(mock.requests.list()).toEqual([
    {
      id: 1,
      time: '2025-01-01T00:00:00.000Z',
      method: 'GET',
      path: '/public-api/v1/projects',
      query: 'page=2&sort=name',
      endpoint: 'listProjects',
      keyLabel: 'acct_a#1',
      status: 200,
      durationMs: expect.any(Number),
      startMs: expect.any(Number),
      // The clock is stopped: the lifetime clock stands with it, and moves
      // as far as an advance.
      lifetimeClockMs: Date.parse('2025-01-01T00:00:00.000Z'),
    },
    {
      id: 2,
      time: '2025-01-01T00:00:01.500Z',
      method: 'GET',
      path: '/public-api/v1/projects/p3',
      query: '',
      endpoint: 'getProject',
      keyLabel: 'acct_a#1',
      status: 404,
      durationMs: expect.any(Number),
      startMs: expect.any(Number),
      lifetimeClockMs: Date.parse('2025-01-01T00:00:01.500Z'),
    },
  ])
  for (const entry of mock.requests.list()) {
    expect(entry.durationMs).toBeGreaterThanOrEqual(0)
  }
})

it('filters and counts entries by endpoint, key as sent, status, method and path', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects', { key: 'k_a' })
  await callApi('/projects/p1', { key: 'k_a' })
  await callApi('/projects/p3', { key: 'k_b' })
  await callApi('/projects/p3', { key: 'k_a' })
  await callApi('/projects', { key: 'k_b', method: 'POST' })

  const paths = (filter: Parameters<typeof mock.requests.list>[0]) =>
    mock.requests.list(filter).map((entry) => `${entry.method} ${entry.path}`)

  expect(paths({ endpoint: 'getProject' })).toEqual([
    'GET /public-api/v1/projects/p1',
    'GET /public-api/v1/projects/p3',
    'GET /public-api/v1/projects/p3',
  ])
  expect(paths({ key: 'k_b' })).toEqual([
    'GET /public-api/v1/projects/p3',
    'POST /public-api/v1/projects',
  ])
  expect(paths({ status: 404 })).toEqual(['GET /public-api/v1/projects/p3'])
  expect(paths({ method: 'post' })).toEqual(['POST /public-api/v1/projects'])
  expect(paths({ path: '/public-api/v1/projects/p3', key: 'k_b' })).toEqual([
    'GET /public-api/v1/projects/p3',
  ])
  expect(paths({ key: 'k_unknown' })).toEqual([])

  expect(mock.requests.count()).toBe(5)
  expect(mock.requests.count({ key: 'k_a' })).toBe(3)
  expect(mock.requests.count({ endpoint: 'getProject', status: 200 })).toBe(2)
  expect(mock.requests.count({ status: 405 })).toBe(1)
})

it('empties on clear()', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects', { key: 'k_a' })
  mock.requests.clear()
  expect(mock.requests.list()).toEqual([])
  expect(mock.requests.count()).toBe(0)
  await callApi('/projects/p1', { key: 'k_a' })
  expect(mock.requests.list().map((entry) => entry.path)).toEqual([
    '/public-api/v1/projects/p1',
  ])
})

it('keeps only the last journalSize entries, oldest dropped first, in arrival order', async () => {
  const mock = serveSmallDataset(server, { journalSize: 3 })
  expect(mock.requests.capacity).toBe(3)
  const sent = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']
  for (const [index, project] of sent.entries()) {
    await callApi(`/projects/${project}`, { key: 'k_a' })
    const kept = sent.slice(Math.max(0, index - 2), index + 1)
    expect(mock.requests.list().map((entry) => entry.path)).toEqual(
      kept.map((id) => `/public-api/v1/projects/${id}`),
    )
    expect(mock.requests.count()).toBe(kept.length)
  }
  expect(mock.requests.count({ status: 404 })).toBe(3)
})

it('never holds a full API key, whatever the client sends', async () => {
  const mock = serveSmallDataset(server)
  const keys = ['k_a', 'k_b', 'k_expired', 'k_revoked', 'sk_live_SECRET_42']
  for (const key of keys) {
    await callApi('/projects', { key })
    await callApi('/projects/p1/contents/v1', { key })
  }
  await callApi('/projects', { key: 'k_a', method: 'DELETE' })
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  await fetch(body.data.content.download_url)

  const journal = JSON.stringify(mock.requests.list())
  expect(mock.requests.count()).toBe(2 * keys.length + 3)
  for (const key of keys) expect(journal).not.toContain(key)
})

it('journals 401s with their endpoint, and a key label only for a key the dataset knows', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects')
  await callApi('/projects/p1/contents', { key: 'k_expired' })
  expect(mock.requests.list()).toEqual([
    expect.objectContaining({
      path: '/public-api/v1/projects',
      endpoint: 'listProjects',
      status: 401,
    }),
    expect.objectContaining({
      path: '/public-api/v1/projects/p1/contents',
      endpoint: 'listContents',
      status: 401,
    }),
  ])
  const [withoutKey, expired] = mock.requests.list()
  expect(withoutKey).not.toHaveProperty('keyLabel')
  expect(expired?.keyLabel).toBe('acct_a#2')
  expect(mock.requests.count({ status: 401 })).toBe(2)
})

it("journals asset requests under the endpoint 'asset'", async () => {
  const mock = serveSmallDataset(server)
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  const { download_url, thumbnail_url } = body.data.content
  await fetch(download_url)
  await fetch(thumbnail_url.replace(/signature=[^&]+/, 'signature=AAAA'))

  const assets = mock.requests.list({ endpoint: 'asset' })
  expect(assets).toEqual([
    expect.objectContaining({
      method: 'GET',
      path: new URL(download_url).pathname,
      query: new URL(download_url).search.slice(1),
      status: 200,
    }),
    expect.objectContaining({ status: 403 }),
  ])
  expect(mock.requests.count({ endpoint: 'getContent' })).toBe(1)
})

it('journals a dropped connection with status 0 and networkError, and a forced status as answered', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ networkError: true, times: 1 })
  mock.scenarios.add({ status: 503, times: 1 })
  await expect(callApi('/projects', { key: 'k_a' })).rejects.toThrow(TypeError)
  await callApi('/projects', { key: 'k_a' })
  expect(mock.requests.list()).toEqual([
    expect.objectContaining({
      endpoint: 'listProjects',
      keyLabel: 'acct_a#1',
      status: 0,
      networkError: true,
    }),
    expect.objectContaining({ endpoint: 'listProjects', status: 503 }),
  ])
  expect(mock.requests.count({ status: 200 })).toBe(0)
})

it('journals a request refused for an unknown X-Mock-Scenario with its endpoint and key label', async () => {
  const mock = serveSmallDataset(server)
  await fetch(`${BASE_URL}/projects/p1`, {
    headers: { authorization: 'Bearer k_a', 'x-mock-scenario': 'nope' },
  })
  expect(mock.requests.list()).toEqual([
    expect.objectContaining({
      endpoint: 'getProject',
      keyLabel: 'acct_a#1',
      status: 400,
    }),
  ])
})

it('is emptied by reset()', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects', { key: 'k_a' })
  await mock.reset()
  expect(mock.requests.list()).toEqual([])
})

it('labels a 401 for an expired or revoked key with that key, so a filter by key finds it', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects', { key: 'k_expired' })
  await callApi('/projects', { key: 'k_revoked' })
  await callApi('/projects', { key: 'k_unknown' })
  expect(mock.requests.count({ key: 'k_expired', status: 401 })).toBe(1)
  expect(mock.requests.count({ key: 'k_revoked', status: 401 })).toBe(1)
  expect(
    mock.requests.list({ status: 401 }).map((entry) => entry.keyLabel),
  ).toEqual(['acct_a#2', 'acct_a#3', undefined])
})

it('journals why the mock refused a request that was the client’s mistake, and no cause for a forced answer', async () => {
  const mock = serveSmallDataset(server)
  const send = (path: string, authorization?: string, method = 'GET') =>
    fetch(`${BASE_URL}${path}`, {
      method,
      headers: authorization === undefined ? {} : { authorization },
    })
  await send('/projects')
  await send('/projects', 'Basic azphOg==')
  await send('/projects', 'Bearer ')
  await send('/projects', 'Bearer k_typo')
  await send('/projects', 'Bearer k_typo')
  await send('/projects', 'Bearer k_other_typo')
  await send('/projects', 'Bearer k_expired')
  await send('/projects', 'Bearer k_revoked')
  await send('/project', 'Bearer k_a')
  await send('/projects', 'Bearer k_a', 'POST')
  await send('/projects/p%201', 'Bearer k_a')
  mock.scenarios.add({ status: 401, times: 1 })
  mock.scenarios.add({ status: 404, times: 1 })
  mock.scenarios.add({ status: 422, times: 1 })
  for (let forced = 0; forced < 3; forced++)
    await send('/projects', 'Bearer k_a')

  const journal = mock.requests.list()
  expect(journal.map((entry) => [entry.status, entry.cause])).toEqual([
    [401, 'missing-key'],
    [401, 'other-scheme'],
    [401, 'empty-key'],
    [401, 'unknown-key'],
    [401, 'unknown-key'],
    [401, 'unknown-key'],
    [401, 'expired-key'],
    [401, 'revoked-key'],
    [404, 'unknown-path'],
    [405, 'method-not-allowed'],
    [422, 'invalid-id'],
    [401, undefined],
    [404, undefined],
    [422, undefined],
  ])
  const fingerprints = journal.map((entry) => entry.keyFingerprint)
  expect(fingerprints[3]).toMatch(/^[0-9a-f]{8}$/)
  expect(fingerprints[4]).toBe(fingerprints[3])
  expect(fingerprints[5]).not.toBe(fingerprints[3])
  expect(fingerprints.filter((value) => value !== undefined)).toHaveLength(3)
})

it('journals the Retry-After of a 429 or 503, and which later requests a 429 is about', async () => {
  const mock = serveSmallDataset(server)
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${BASE_URL}${path}`, {
      headers: { authorization: 'Bearer k_a', ...headers },
    })
  mock.scenarios.add({ rateLimit: { limit: 1, window: '1m' } })
  await get('/projects')
  await get('/projects/p1')
  mock.scenarios.clear()
  mock.scenarios.add({
    rateLimit: { limit: 1, window: '1m', perEndpoint: true },
  })
  await get('/projects')
  await get('/projects')
  mock.scenarios.clear()
  mock.scenarios.add({ status: 429, retryAfter: 7, times: 1 })
  mock.scenarios.add({
    status: 429,
    times: 1,
    match: { endpoint: 'getProject' },
  })
  mock.scenarios.add({ status: 429, times: 1, match: { path: '/projects/p1' } })
  mock.scenarios.add({ status: 503, retryAfter: 2, times: 1 })
  for (let request = 0; request < 4; request++) await get('/projects/p1')
  await get('/projects', { 'x-mock-scenario': 'rate-limited' })

  const refusals = mock.requests
    .list()
    .filter((entry) => entry.status >= 400)
    .map(({ status, retryAfterSeconds, limitScope }) => ({
      status,
      retryAfterSeconds,
      limitScope,
    }))
  expect(refusals).toEqual([
    { status: 429, retryAfterSeconds: 60, limitScope: 'key' },
    { status: 429, retryAfterSeconds: 60, limitScope: 'endpoint' },
    { status: 429, retryAfterSeconds: 7, limitScope: 'key' },
    { status: 429, retryAfterSeconds: 30, limitScope: 'endpoint' },
    { status: 429, retryAfterSeconds: 30, limitScope: 'path' },
    { status: 503, retryAfterSeconds: 2, limitScope: undefined },
    { status: 429, retryAfterSeconds: 30, limitScope: 'path' },
  ])
})

it('journals when an asset URL was issued and when it expires, on the lifetime clock', async () => {
  const mock = serveSmallDataset(server, { assetTtl: 60 })
  mock.clock.set('2025-01-01T00:00:00Z')
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  await fetch(body.data.content.download_url)
  mock.clock.advance(61_000)
  await fetch(body.data.content.thumbnail_url)

  const [, fresh, expired] = mock.requests.list()
  const issued = Date.parse('2025-01-01T00:00:00Z')
  expect(fresh).toMatchObject({
    status: 200,
    assetIssuedMs: issued,
    assetExpiresMs: issued + 60_000,
  })
  expect(fresh).not.toHaveProperty('cause')
  expect(expired).toMatchObject({
    status: 403,
    cause: 'asset-url-expired',
    assetIssuedMs: issued,
    assetExpiresMs: issued + 60_000,
    lifetimeClockMs: issued + 61_000,
  })
})

it('numbers entries from 1 again after a clear, and gives each its real start and its time in flight', async () => {
  const mock = serveSmallDataset(server)
  await callApi('/projects', { key: 'k_a' })
  mock.scenarios.add({ latency: 120, times: 1 })
  const before = performance.timeOrigin + performance.now()
  await callApi('/projects/p1', { key: 'k_a' })
  const after = performance.timeOrigin + performance.now()
  const [first, slow] = mock.requests.list()
  expect([first?.id, slow?.id]).toEqual([1, 2])
  expect(slow!.startMs).toBeGreaterThanOrEqual(before)
  expect(slow!.startMs + slow!.durationMs).toBeLessThanOrEqual(after)
  expect(slow!.durationMs).toBeGreaterThanOrEqual(120)
  expect(slow!.startMs).toBeGreaterThan(first!.startMs)
  mock.requests.clear()
  await callApi('/projects', { key: 'k_a' })
  expect(mock.requests.list().map((entry) => entry.id)).toEqual([1])
})
