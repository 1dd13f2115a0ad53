import {
  createContentApiMock,
  OptionsError,
  SCENARIO_PRESET_DEFINITIONS,
  SCENARIO_PRESETS,
  type Scenario,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import {
  BASE_URL,
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../../support/api-client.js'
import { loadFixture } from '../../support/load-fixture.js'

const server = useMswServer()

async function statusesOf(
  count: number,
  path = '/projects',
  key = 'k_a',
): Promise<number[]> {
  const statuses: number[] = []
  for (let index = 0; index < count; index++) {
    statuses.push((await callApi(path, { key })).status)
  }
  return statuses
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

it('counts scenario IDs from scn_1 again after a reset', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500 })
  expect(mock.scenarios.add({ status: 502 }).id).toBe('scn_2')
  await mock.reset()
  expect(mock.scenarios.add({ status: 503 }).id).toBe('scn_1')
  mock.scenarios.clear()
  expect(mock.scenarios.add({ status: 504 }).id).toBe('scn_2')
})

it('answers the next N requests with the forced status, then normally', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500, times: 2 })
  expect(await statusesOf(4)).toEqual([500, 500, 200, 200])
  expect(mock.scenarios.list()).toEqual([])
})

it('words a forced error as the real service would, and names the scenario in X-Mock-Forced-By, not the body', async () => {
  const mock = serveSmallDataset(server)
  for (const status of [401, 404, 500, 503]) {
    const { id } = mock.scenarios.add({ status, times: 1 })
    const answer = await callApi('/projects', { key: 'k_a' })
    expect(answer.status).toBe(status)
    expect(answer.headers.get('x-mock-forced-by')).toBe(id)
    expect(answer.body.error.message).not.toMatch(/scenario|forced|mock/i)
  }
  const oneOff = await callApi('/projects', {
    key: 'k_a',
    headers: { 'X-Mock-Scenario': 'server-error' },
  })
  expect(oneOff.status).toBe(500)
  expect(oneOff.headers.get('x-mock-forced-by')).toBe('header:server-error')
  const plain = await callApi('/projects', { key: 'k_a' })
  expect(plain.headers.get('x-mock-forced-by')).toBeNull()
})

it('answers stacked next-request scenarios one after the other, in the order added', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500, times: 1 })
  mock.scenarios.add({ networkError: true, times: 1 })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(500)
  await expect(callApi('/projects', { key: 'k_a' })).rejects.toThrow(TypeError)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
})

it('fires on every k-th matching request', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 503, every: 3 })
  expect(await statusesOf(7)).toEqual([200, 200, 503, 200, 200, 503, 200])
})

it('replays a seeded probability identically across two mocks with the same seed, and differently for another seed', async () => {
  const flaky: Scenario = { probability: 0.5, status: 500 }
  const runs: number[][] = []
  for (const seed of [7, 7, 8]) {
    const mock = serveSmallDataset(server, { seed })
    mock.scenarios.add(flaky)
    runs.push(await statusesOf(32))
  }
  expect(runs[0]).toContain(500)
  expect(runs[0]).toContain(200)
  expect(runs[1]).toEqual(runs[0])
  expect(runs[2]).not.toEqual(runs[0])
})

it('replays the same draws after reset(), whatever requests and scenarios came before', async () => {
  const mock = serveSmallDataset(server, { seed: 3 })
  mock.scenarios.add({ probability: 0.5, status: 500 })
  const first = await statusesOf(24)

  await mock.reset()
  mock.scenarios.add({ latency: 1, times: 1 })
  mock.scenarios.clear()
  await callApi('/projects', {
    key: 'k_a',
    headers: { 'x-mock-scenario': 'flaky' },
  })
  mock.scenarios.add({ probability: 0.5, status: 500 })
  expect(await statusesOf(24)).toEqual(first)
})

it('narrows a scenario to one endpoint', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500, match: { endpoint: 'getProject' } })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(500)
  expect((await callApi('/projects/p1/contents', { key: 'k_a' })).status).toBe(
    200,
  )
})

it('narrows a scenario to one API key', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500, match: { key: 'k_b' } })
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects', { key: 'k_b' })).status).toBe(500)
  expect((await callApi('/projects', { key: 'k_c' })).status).toBe(200)
})

it('narrows a scenario to a path and the paths below it, segment by segment', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({
    status: 500,
    match: { path: '/public-api/v1/projects/p1' },
  })
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(500)
  expect((await callApi('/projects/p1/contents', { key: 'k_a' })).status).toBe(
    500,
  )
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects/p4', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects/p10', { key: 'k_a' })).status).toBe(404)
})

it('reads a path without the API prefix as relative to it, as the endpoint table writes it', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 503, match: { path: '/projects/p1' } })
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(503)
  expect((await callApi('/projects/p1/contents', { key: 'k_a' })).status).toBe(
    503,
  )
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects/p4', { key: 'k_a' })).status).toBe(200)
  expect(mock.scenarios.list()[0]?.match).toEqual({ path: '/projects/p1' })
})

it('reads paths against the prefix of a baseUrl, and a path above the prefix as written', async () => {
  const baseUrl = 'https://api.example.com/v2'
  const mock = serveSmallDataset(server, { baseUrl })
  mock.scenarios.add({ status: 500, times: 1, match: { path: '/projects' } })
  mock.scenarios.add({ status: 502, times: 1, match: { path: '/v2/projects' } })
  mock.scenarios.add({ status: 504, times: 1, match: { path: '/' } })
  const statuses = []
  for (let index = 0; index < 4; index++) {
    const response = await fetch(`${baseUrl}/projects`, {
      headers: { authorization: 'Bearer k_a' },
    })
    statuses.push(response.status)
  }
  expect(statuses).toEqual([500, 502, 504, 200])
  expect(mock.scenarios.list()).toEqual([])
})

it('forces 401 with the error envelope and WWW-Authenticate', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 401, times: 1 })
  const { status, headers, body } = await callApi('/projects/p1', {
    key: 'k_a',
  })
  expect(status).toBe(401)
  expect(body.error.code).toBe('unauthorized')
  expect(headers.get('www-authenticate')).toMatch(/^Bearer /)
})

it('forces 429 and 503 with Retry-After, 30 s unless retryAfter says', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 429, times: 1 })
  mock.scenarios.add({ status: 503, times: 1, retryAfter: 5 })

  const limited = await callApi('/projects', { key: 'k_a' })
  expect(limited.status).toBe(429)
  expect(limited.body.error.code).toBe('rate_limited')
  expect(limited.headers.get('retry-after')).toBe('30')

  const unavailable = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  expect(unavailable.status).toBe(503)
  expect(unavailable.body.error.code).toBe('service_unavailable')
  expect(unavailable.headers.get('retry-after')).toBe('5')
})

it('forces 500 internal_error, with a custom message when given', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ status: 500, times: 1 })
  mock.scenarios.add({ status: 500, times: 1, message: 'Database on fire.' })
  const first = await callApi('/projects/p1/contents', { key: 'k_a' })
  expect(first.status).toBe(500)
  expect(first.body.error.code).toBe('internal_error')
  expect(first.headers.get('content-type')).toMatch(/^application\/json/)
  const second = await callApi('/projects/p1/contents', { key: 'k_a' })
  expect(second.body).toEqual({
    error: { code: 'internal_error', message: 'Database on fire.' },
  })
})

it('delays answers by a fixed latency', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ latency: 30 })
  const elapsed = await timed(() => callApi('/projects', { key: 'k_a' }))
  expect(elapsed).toBeGreaterThanOrEqual(28)
  expect(mock.requests.list()[0]?.durationMs).toBeGreaterThanOrEqual(30)
})

it('delays answers uniformly within a range', async () => {
  const mock = serveSmallDataset(server, { seed: 5 })
  mock.scenarios.add({ latency: { min: 20, max: 40 } })
  const elapsed = await timed(() => statusesOf(6))
  expect(elapsed).toBeGreaterThanOrEqual(6 * 20 - 6)
  const durations = mock.requests.list().map((entry) => entry.durationMs)
  expect(durations).toHaveLength(6)
  // The upper end is the draw's (compute-latency.test.ts): a clock bounds
  // only from below, a busy machine adds to every answer.
  for (const duration of durations) expect(duration).toBeGreaterThanOrEqual(20)
  // Drawn, not fixed.
  expect(new Set(durations.map(Math.round)).size).toBeGreaterThan(1)
})

it('caps a long-tailed (log-normal) latency at its max', async () => {
  const mock = serveSmallDataset(server, { seed: 11 })
  mock.scenarios.add({ latency: { median: 20, sigma: 2, max: 35 } })
  await statusesOf(12)
  const durations = mock.requests.list().map((entry) => entry.durationMs)
  // With sigma 2, a tail far beyond the cap is drawn and clipped to it (the
  // clip itself: compute-latency.test.ts, without a clock).
  expect(durations.some((duration) => duration >= 35)).toBe(true)
  expect(durations.some((duration) => duration < 20)).toBe(true)
})

it('drops the connection, which fetch reports as a TypeError', async () => {
  const mock = serveSmallDataset(server)
  mock.scenarios.add({ networkError: true, times: 1 })
  await expect(
    fetch(`${BASE_URL}/projects`, {
      headers: { authorization: 'Bearer k_a' },
    }),
  ).rejects.toThrow(TypeError)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
})

it('offers every preset by name', async () => {
  const mock = serveSmallDataset(server, { seed: 1 })
  const expectations: Record<
    (typeof SCENARIO_PRESETS)[number],
    () => Promise<void>
  > = {
    'rate-limited': async () => {
      const result = await callApi('/projects', { key: 'k_a' })
      expect(result.status).toBe(429)
      expect(result.headers.get('retry-after')).toBe('30')
    },
    'server-error': async () => {
      expect((await callApi('/projects', { key: 'k_a' })).status).toBe(500)
    },
    slow: async () => {
      // The preset waits about 1.2 s; its definition is checked, not waited.
      expect(mock.scenarios.list()[0]?.latency).toEqual(
        SCENARIO_PRESET_DEFINITIONS.slow.latency,
      )
    },
    flaky: async () => {
      const statuses = await statusesOf(40)
      expect(statuses).toContain(500)
      expect(statuses.filter((status) => status === 500).length).toBeLessThan(
        20,
      )
    },
    'network-error': async () => {
      await expect(callApi('/projects', { key: 'k_a' })).rejects.toThrow(
        TypeError,
      )
    },
    'expired-key': async () => {
      const result = await callApi('/projects', { key: 'k_a' })
      expect(result.status).toBe(401)
      expect(result.body.error.message).toMatch(/expired/)
    },
  }
  for (const preset of SCENARIO_PRESETS) {
    const added = mock.scenarios.add(preset)
    expect(added.name).toBe(preset)
    await expectations[preset]()
    mock.scenarios.clear()
  }
})

it('lets a change override a part of a preset', async () => {
  const mock = serveSmallDataset(server)
  const added = mock.scenarios.add('flaky', { probability: 1 })
  expect(added).toMatchObject({ name: 'flaky', probability: 1, status: 500 })
  expect(await statusesOf(5)).toEqual([500, 500, 500, 500, 500])

  mock.scenarios.clear()
  mock.scenarios.add('slow', { latency: 20 })
  const elapsed = await timed(() => callApi('/projects', { key: 'k_a' }))
  expect(elapsed).toBeGreaterThanOrEqual(18)
})

it('rejects an invalid scenario with an OptionsError naming the problem', () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  const invalid: Array<[unknown, RegExp]> = [
    ['nope', /Unknown scenario preset "nope"/],
    [{}, /needs an effect/],
    [{ status: 200 }, /"status":/],
    [{ status: 500, times: 0 }, /"times":/],
    [{ status: 500, probability: 2 }, /"probability":/],
    [{ latency: { min: 50, max: 10 } }, /min <= max/],
    [{ status: 500, networkError: true }, /not both/],
    [{ rateLimit: { limit: 1, window: '1m' }, times: 2 }, /"times":/],
    [{ rateLimit: { limit: 1, window: 'soon' } }, /"rateLimit\.window":/],
    [{ status: 500, match: { endpoint: 'nope' } }, /"match\.endpoint"/],
    [{ status: 500, match: { path: 'projects' } }, /"match\.path"/],
    [{ status: 500, colour: 'red' }, /"colour": unknown option/],
    [{ statsu: 500 }, /"statsu": unknown option; did you mean "status"\?/],
    ['flakey', /Unknown scenario preset "flakey" \(did you mean "flaky"\?\)/],
  ]
  for (const [scenario, problem] of invalid) {
    expect(() => mock.scenarios.add(scenario as Scenario)).toThrow(OptionsError)
    expect(() => mock.scenarios.add(scenario as Scenario)).toThrow(problem)
  }
  expect(mock.scenarios.list()).toEqual([])
  expect(() =>
    createContentApiMock({ scenarios: [{ status: 200 } as Scenario] }),
  ).toThrow(/Invalid content-api-mock options: "scenarios\.0/)
})

it('lists, removes and clears scenarios', async () => {
  const mock = serveSmallDataset(server)
  const first = mock.scenarios.add({ status: 500, times: 3, name: 'boom' })
  const second = mock.scenarios.add('rate-limited', {
    match: { endpoint: 'getContent' },
  })
  expect(first.id).not.toBe(second.id)
  await callApi('/projects', { key: 'k_a' })
  expect(mock.scenarios.list()).toEqual([
    expect.objectContaining({
      id: first.id,
      name: 'boom',
      remaining: 2,
      matched: 1,
      fired: 1,
    }),
    expect.objectContaining({
      id: second.id,
      name: 'rate-limited',
      matched: 0,
      fired: 0,
    }),
  ])

  expect(mock.scenarios.remove(first.id)).toBe(true)
  expect(mock.scenarios.remove(first.id)).toBe(false)
  expect(mock.scenarios.list().map((scenario) => scenario.id)).toEqual([
    second.id,
  ])
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)

  mock.scenarios.clear()
  expect(mock.scenarios.list()).toEqual([])
  expect(
    (await callApi('/projects/p1/contents/v1', { key: 'k_a' })).status,
  ).toBe(200)
})

it('forces a preset for one request with the X-Mock-Scenario header', async () => {
  serveSmallDataset(server)
  const forced = await callApi('/projects', {
    key: 'k_a',
    headers: { 'X-Mock-Scenario': 'rate-limited' },
  })
  expect(forced.status).toBe(429)
  expect(forced.headers.get('retry-after')).toBe('30')
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)

  await expect(
    callApi('/projects', {
      key: 'k_a',
      headers: { 'X-Mock-Scenario': 'network-error' },
    }),
  ).rejects.toThrow(TypeError)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(200)
})

it('answers an unknown X-Mock-Scenario name with 400 unknown_scenario listing the presets', async () => {
  serveSmallDataset(server)
  // @note Not through callApi: the 400 belongs to the mock's controls, not to
  // the API that fixtures/openapi.json documents.
  const response = await fetch(`${BASE_URL}/projects`, {
    headers: { authorization: 'Bearer k_a', 'x-mock-scenario': 'meltdown' },
  })
  expect(response.status).toBe(400)
  const body = await response.json()
  expect(body.error.code).toBe('unknown_scenario')
  expect(body.error.message).toContain('"meltdown"')
  for (const preset of SCENARIO_PRESETS) {
    expect(body.error.message).toContain(preset)
  }
})

it('ignores the X-Mock-Scenario header with strict: true', async () => {
  serveSmallDataset(server, { strict: true })
  for (const name of ['server-error', 'network-error', 'meltdown']) {
    const result = await callApi('/projects', {
      key: 'k_a',
      headers: { 'x-mock-scenario': name },
    })
    expect(result.status).toBe(200)
  }
})

it('clears the scenarios added at runtime on reset(), and restores those of the options', async () => {
  const mock = serveSmallDataset(server, {
    scenarios: [
      { status: 503, times: 1, match: { endpoint: 'getProject' } },
      'slow',
    ],
  })
  // Keep the test fast: the options' `slow` preset is listed, not waited for.
  const slow = mock.scenarios
    .list()
    .find((scenario) => scenario.name === 'slow')
  mock.scenarios.remove(slow!.id)
  mock.scenarios.add({ status: 500, match: { endpoint: 'listProjects' } })
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(503)
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(200)
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(500)

  await mock.reset()
  expect(mock.scenarios.list().map((scenario) => scenario.name)).toEqual([
    'custom',
    'slow',
  ])
  expect(mock.scenarios.list()[0]).toMatchObject({ remaining: 1, fired: 0 })
})

it('lists a scenario narrowed by key with the key label, never the key', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  mock.scenarios.add('server-error', { match: { key: 'k_b' } })
  const [listed] = mock.scenarios.list()
  expect(listed?.match).toEqual({ keyLabel: 'acct_b#1' })
  expect(JSON.stringify(mock.scenarios.list())).not.toContain('k_b')
})

it('rejects effects next to a rate limit, which would be silently ignored', () => {
  const mock = serveSmallDataset(server)
  expect(() =>
    mock.scenarios.add({ rateLimit: { limit: 1, window: '1m' }, latency: 300 }),
  ).toThrow(/"latency": a rate-limit scenario counts every matching request/)
  expect(() =>
    mock.scenarios.add({
      rateLimit: { limit: 1, window: '1m' },
      retryAfter: 5,
    }),
  ).toThrow(/retryAfter/)
})
