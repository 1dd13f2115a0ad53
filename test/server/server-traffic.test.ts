import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { startServer } from '../support/server.js'

const ALPHA = { authorization: 'Bearer k_a' }
const BETA = { authorization: 'Bearer k_b' }

/** Sends a JSON body (or raw text) to a control route. */
function send(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body:
      body === undefined
        ? undefined
        : typeof body === 'string'
          ? body
          : JSON.stringify(body),
  })
}

async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json()).error }
}

it('adds, lists and removes scenarios through the control API', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const scenarios = `${server.adminUrl}/scenarios`
  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })

  const added = await send(scenarios, 'POST', {
    name: 'outage',
    status: 503,
    retryAfter: 5,
  })
  expect(added.status).toBe(201)
  const { data } = await added.json()
  expect(data).toEqual([
    {
      id: expect.stringMatching(/^scn_/),
      name: 'outage',
      status: 503,
      retryAfter: 5,
      matched: 0,
      fired: 0,
    },
  ])
  const id = data[0].id
  expect((await (await fetch(scenarios)).json()).data).toEqual(data)

  const removed = await fetch(`${scenarios}/${id}`, { method: 'DELETE' })
  expect(removed.status).toBe(204)
  expect(await removed.text()).toBe('')
  const again = await fetch(`${scenarios}/${id}`, { method: 'DELETE' })
  expect(again.status).toBe(404)
  const notFound = await again.json()
  expect(notFound.error.code).toBe('not_found')
  expect(notFound.error.message).toContain(`"${id}"`)
  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })
})

it('clears every scenario with DELETE /__mock/scenarios', async () => {
  await using server = await startServer({ scenarios: ['server-error'] })
  const scenarios = `${server.adminUrl}/scenarios`
  await send(scenarios, 'POST', { preset: 'rate-limited' })
  expect((await (await fetch(scenarios)).json()).data).toHaveLength(2)
  const cleared = await fetch(scenarios, { method: 'DELETE' })
  expect(cleared.status).toBe(204)
  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })
})

it('counts scenario IDs from scn_1 again after a reset, start scenarios first', async () => {
  await using server = await startServer({ scenarios: ['server-error'] })
  const scenarios = `${server.adminUrl}/scenarios`
  const ids = async () =>
    (await (await fetch(scenarios)).json()).data.map(
      (scenario: { id: string }) => scenario.id,
    )
  await send(scenarios, 'POST', { status: 502 })
  expect(await ids()).toEqual(['scn_1', 'scn_2'])
  await send(`${server.adminUrl}/reset`, 'POST')
  await send(scenarios, 'POST', { status: 503 })
  expect(await ids()).toEqual(['scn_1', 'scn_2'])
})

it('forces a scenario added over HTTP on the API until it is used up', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', {
    status: 500,
    times: 2,
  })
  const statuses = []
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${server.apiUrl}/projects`, {
      headers: ALPHA,
    })
    statuses.push(response.status)
    if (response.status === 500) {
      expect((await response.json()).error.code).toBe('internal_error')
    }
  }
  expect(statuses).toEqual([500, 500, 200])
  expect(await (await fetch(`${server.adminUrl}/scenarios`)).json()).toEqual({
    data: [],
  })
})

it('lists every preset with what it does, each one accepted as it is listed', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const listed = await fetch(`${server.adminUrl}/presets`)
  expect(listed.status).toBe(200)
  const { data } = await listed.json()
  expect(data.map((preset: { name: string }) => preset.name)).toEqual([
    'rate-limited',
    'server-error',
    'slow',
    'flaky',
    'network-error',
    'expired-key',
  ])
  expect(data[0]).toEqual({ name: 'rate-limited', status: 429, retryAfter: 30 })
  // What a preset is listed as adds the same scenario as its name does.
  for (const preset of data) {
    const added = await send(`${server.adminUrl}/scenarios`, 'POST', preset)
    const byName = await send(`${server.adminUrl}/scenarios`, 'POST', {
      preset: preset.name,
    })
    const [a] = (await added.json()).data
    const [b] = (await byName.json()).data
    expect({ ...a, id: '' }).toEqual({ ...b, id: '' })
  }
})

it('adds a preset with changes narrowed to one endpoint', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const added = await send(`${server.adminUrl}/scenarios`, 'POST', {
    preset: 'flaky',
    probability: 1,
    match: { endpoint: 'getContent' },
  })
  expect(added.status).toBe(201)
  expect((await added.json()).data).toEqual([
    expect.objectContaining({
      name: 'flaky',
      probability: 1,
      status: 500,
      match: { endpoint: 'getContent' },
    }),
  ])
  const content = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: ALPHA,
  })
  expect(content.status).toBe(500)
  const project = await fetch(`${server.apiUrl}/projects/p1`, {
    headers: ALPHA,
  })
  expect(project.status).toBe(200)
})

it('narrows a scenario to an API key and never to the others', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', {
    preset: 'expired-key',
    match: { key: 'k_b' },
  })
  expect(
    (await fetch(`${server.apiUrl}/projects`, { headers: BETA })).status,
  ).toBe(401)
  expect(
    (await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })).status,
  ).toBe(200)
})

it('adds an array of scenarios all at once, or none when one is invalid', async () => {
  await using server = await startServer()
  const scenarios = `${server.adminUrl}/scenarios`
  const rejected = await send(scenarios, 'POST', [
    { status: 500, times: 1 },
    { preset: 'slow', latency: -5 },
  ])
  expect(rejected.status).toBe(400)
  const error = (await rejected.json()).error
  expect(error.code).toBe('invalid_scenario')
  expect(error.message).toMatch(/^Item 1 of the array: Invalid scenario: /)
  expect(error.message).toContain('latency')
  expect(error.message).toContain('Nothing was added.')
  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })

  const accepted = await send(scenarios, 'POST', [
    { status: 500, times: 1 },
    'network-error',
    { preset: 'slow', latency: 10 },
  ])
  expect(accepted.status).toBe(201)
  const names = (await accepted.json()).data.map(
    (scenario: { name: string }) => scenario.name,
  )
  expect(names).toEqual(['custom', 'network-error', 'slow'])
  expect((await (await fetch(scenarios)).json()).data).toHaveLength(3)
})

it('answers invalid scenario bodies with 400 naming the problem', async () => {
  await using server = await startServer()
  const scenarios = `${server.adminUrl}/scenarios`
  const unknown = await errorOf(
    await send(scenarios, 'POST', { preset: 'meltdown' }),
  )
  expect(unknown).toMatchObject({ status: 400, code: 'invalid_scenario' })
  expect(unknown.message).toContain('Unknown scenario preset "meltdown"')
  expect(unknown.message).toContain('rate-limited')

  const noEffect = await errorOf(await send(scenarios, 'POST', { times: 2 }))
  expect(noEffect.code).toBe('invalid_scenario')
  expect(noEffect.message).toContain('a scenario needs an effect')

  const badField = await errorOf(await send(scenarios, 'POST', { status: 200 }))
  expect(badField.message).toContain('status')

  const badPreset = await errorOf(await send(scenarios, 'POST', { preset: 7 }))
  expect(badPreset.message).toContain('preset: expected a preset name')

  const empty = await errorOf(await send(scenarios, 'POST', []))
  expect(empty).toMatchObject({ status: 400, code: 'invalid_scenario' })
  const nothing = await errorOf(await send(scenarios, 'POST'))
  expect(nothing).toMatchObject({ status: 400, code: 'invalid_scenario' })

  const notJson = await errorOf(await send(scenarios, 'POST', '{"status":'))
  expect(notJson).toMatchObject({ status: 400, code: 'invalid_json' })
  expect(notJson.message).toContain('a scenario')

  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })
})

it('forces a preset for one request with X-Mock-Scenario', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const limited = await fetch(`${server.apiUrl}/projects`, {
    headers: { ...ALPHA, 'x-mock-scenario': 'rate-limited' },
  })
  expect(limited.status).toBe(429)
  expect(limited.headers.get('retry-after')).toBe('30')
  expect((await limited.json()).error.code).toBe('rate_limited')

  const next = await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  expect(next.status).toBe(200)

  const unknown = await fetch(`${server.apiUrl}/projects`, {
    headers: { ...ALPHA, 'x-mock-scenario': 'meltdown' },
  })
  expect(unknown.status).toBe(400)
  expect((await unknown.json()).error.code).toBe('unknown_scenario')
})

it('ignores X-Mock-Scenario in strict mode', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    strict: true,
  })
  for (const name of ['rate-limited', 'network-error', 'meltdown']) {
    const response = await fetch(`${server.apiUrl}/projects`, {
      headers: { ...ALPHA, 'x-mock-scenario': name },
    })
    expect(response.status).toBe(200)
  }
})

it('drops the connection for a network-error scenario and reports status 0', async () => {
  const log: Array<{ status: number; endpoint?: string }> = []
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    onRequest: (entry) => log.push(entry),
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', {
    preset: 'network-error',
    times: 1,
  })
  await expect(
    fetch(`${server.apiUrl}/projects`, { headers: ALPHA }),
  ).rejects.toThrow(TypeError)
  const after = await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  expect(after.status).toBe(200)

  const api = log.filter((entry) => entry.endpoint === 'listProjects')
  expect(api.map((entry) => entry.status)).toEqual([0, 200])
  const journal = await (
    await fetch(`${server.adminUrl}/requests?endpoint=listProjects`)
  ).json()
  expect(journal.data[0]).toMatchObject({ networkError: true })
  expect(journal.data[1]).not.toHaveProperty('networkError')
  const dropped = await (
    await fetch(`${server.adminUrl}/requests?status=0`)
  ).json()
  expect(dropped.data).toEqual([
    expect.objectContaining({ endpoint: 'listProjects', networkError: true }),
  ])
})

it('delays the response by at least the forced latency, and only where it matches', async () => {
  const log: Array<{ durationMs: number; endpoint?: string }> = []
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    onRequest: (entry) => log.push(entry),
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', {
    latency: 250,
    match: { endpoint: 'getProject' },
  })
  const started = performance.now()
  const slow = await fetch(`${server.apiUrl}/projects/p1`, { headers: ALPHA })
  const elapsed = performance.now() - started
  expect(slow.status).toBe(200)
  expect(elapsed).toBeGreaterThanOrEqual(240)

  // An upper bound on wall-clock time would be a timing assertion; the
  // journal says whether a delay was forced at all.
  await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  const [unmatched] = server.mock.requests.list({ endpoint: 'listProjects' })
  expect(unmatched?.durationMs).toBeLessThan(240)
  const reported = log.find((entry) => entry.endpoint === 'getProject')
  expect(reported?.durationMs).toBeGreaterThanOrEqual(240)
})

it('sends Retry-After on a forced 429', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', {
    status: 429,
    retryAfter: 7,
    times: 1,
  })
  const response = await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('7')
  expect((await response.json()).error.code).toBe('rate_limited')
})

it('sends rate-limit headers over HTTP and a Retry-After correct to the second', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    rateLimit: { limit: 2, window: '1m' },
  })
  await send(`${server.adminUrl}/clock`, 'POST', {
    set: '2030-01-01T00:00:00Z',
  })
  const get = () => fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  const first = await get()
  expect(first.status).toBe(200)
  expect(first.headers.get('ratelimit-limit')).toBe('2')
  expect(first.headers.get('ratelimit-remaining')).toBe('1')
  expect(first.headers.get('ratelimit-reset')).toBe('60')
  expect((await get()).headers.get('ratelimit-remaining')).toBe('0')

  await send(`${server.adminUrl}/clock`, 'POST', { advance: '20s' })
  const limited = await get()
  expect(limited.status).toBe(429)
  expect(limited.headers.get('retry-after')).toBe('40')
  expect(limited.headers.get('ratelimit-remaining')).toBe('0')
  expect(limited.headers.get('access-control-expose-headers')).toContain(
    'Retry-After',
  )

  await send(`${server.adminUrl}/clock`, 'POST', { advance: 40_000 })
  expect((await get()).status).toBe(200)
})

it('journals API and asset requests, never control requests nor keys', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: ALPHA,
  })
  const { download_url } = (await detail.json()).data.content
  await (await fetch(download_url)).arrayBuffer()
  await fetch(`${server.apiUrl}/projects?limit=1`, { headers: BETA })
  await fetch(`${server.adminUrl}/health`)
  await fetch(`${server.adminUrl}/scenarios`)

  const response = await fetch(`${server.adminUrl}/requests`)
  expect(response.status).toBe(200)
  const journal = await response.json()
  expect(journal.meta).toEqual({ total: 3, capacity: 1000 })
  expect(journal.data).toEqual([
    {
      id: 1,
      time: expect.any(String),
      method: 'GET',
      path: '/public-api/v1/projects/p1/contents/v1',
      query: '',
      endpoint: 'getContent',
      keyLabel: 'acct_a#1',
      status: 200,
      durationMs: expect.any(Number),
      startMs: expect.any(Number),
      lifetimeClockMs: expect.any(Number),
    },
    expect.objectContaining({
      id: 2,
      endpoint: 'asset',
      status: 200,
      assetIssuedMs: expect.any(Number),
      assetExpiresMs: expect.any(Number),
    }),
    expect.objectContaining({
      path: '/public-api/v1/projects',
      query: 'limit=1',
      endpoint: 'listProjects',
      keyLabel: 'acct_b#1',
    }),
  ])
  const text = JSON.stringify(journal)
  expect(text).not.toContain('k_a')
  expect(text).not.toContain('k_b')
  expect(text).not.toContain('__mock')
})

it('filters the journal by endpoint, key, status, method and path', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects/p1`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects/p9`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects`, { headers: BETA })
  await fetch(`${server.apiUrl}/projects`, { method: 'DELETE', headers: BETA })

  const query = async (search: string) => {
    const response = await fetch(`${server.adminUrl}/requests?${search}`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.meta.total).toBe(body.data.length)
    return body.data as Array<Record<string, unknown>>
  }
  expect(await query('endpoint=listProjects')).toHaveLength(3)
  expect(await query('key=k_b')).toHaveLength(2)
  expect(await query('key=k_unknown')).toEqual([])
  expect(await query('keyLabel=acct_a%231')).toHaveLength(3)
  expect(await query('status=404')).toEqual([
    expect.objectContaining({ path: '/public-api/v1/projects/p9' }),
  ])
  expect(await query('method=delete')).toEqual([
    expect.objectContaining({ status: 405, keyLabel: 'acct_b#1' }),
  ])
  expect(
    await query('path=%2Fpublic-api%2Fv1%2Fprojects&key=k_a&status=200'),
  ).toHaveLength(1)
  const byKey = await (
    await fetch(`${server.adminUrl}/requests?key=k_b`)
  ).text()
  expect(byKey).not.toContain('k_b')
})

it('answers a bad journal filter with 400 naming it', async () => {
  await using server = await startServer()
  const cases: Array<[string, string]> = [
    ['status=abc', 'status'],
    ['status=2000', 'status'],
    ['endpoint=getThing', 'getThing'],
    ['endpont=getContent', 'endpont'],
    ['status=200&status=404', 'more than once'],
    ['path=projects', 'path'],
    ['method=', 'method'],
  ]
  for (const [search, named] of cases) {
    const error = await errorOf(
      await fetch(`${server.adminUrl}/requests?${search}`),
    )
    expect({ search, ...error }).toMatchObject({
      search,
      status: 400,
      code: 'invalid_filter',
      message: expect.stringContaining(named),
    })
  }
})

it('clears the journal with DELETE /__mock/requests and keeps only the latest entries', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    journalSize: 2,
  })
  for (const id of ['p1', 'p2', 'p4']) {
    await fetch(`${server.apiUrl}/projects/${id}`, { headers: ALPHA })
  }
  const full = await (await fetch(`${server.adminUrl}/requests`)).json()
  expect(full.meta).toEqual({ total: 2, capacity: 2 })
  expect(full.data.map((entry: { path: string }) => entry.path)).toEqual([
    '/public-api/v1/projects/p2',
    '/public-api/v1/projects/p4',
  ])
  const cleared = await fetch(`${server.adminUrl}/requests`, {
    method: 'DELETE',
  })
  expect(cleared.status).toBe(204)
  expect(await (await fetch(`${server.adminUrl}/requests`)).json()).toEqual({
    data: [],
    meta: { total: 0, capacity: 2 },
  })
})

it('sets, advances and resets the clock over HTTP, moving key expiry', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const clock = `${server.adminUrl}/clock`
  const beta = () => fetch(`${server.apiUrl}/projects`, { headers: BETA })
  const real = Date.parse((await (await fetch(clock)).json()).now)
  expect(Math.abs(real - Date.now())).toBeLessThan(5000)

  const set = await send(clock, 'POST', { set: '2998-12-31T23:59:00Z' })
  expect(set.status).toBe(200)
  expect(await set.json()).toEqual({
    now: '2998-12-31T23:59:00.000Z',
    speed: 0,
  })
  expect((await beta()).status).toBe(200)

  const advanced = await send(clock, 'POST', { advance: '1m' })
  expect(await advanced.json()).toEqual({
    now: '2999-01-01T00:00:00.000Z',
    speed: 0,
  })
  const expired = await beta()
  expect(expired.status).toBe(401)
  expect((await expired.json()).error.message).toContain('expired')
  expect(await (await fetch(clock)).json()).toEqual({
    now: '2999-01-01T00:00:00.000Z',
    speed: 0,
  })

  const back = await send(clock, 'POST', { advance: -1 })
  expect(await back.json()).toEqual({
    now: '2998-12-31T23:59:59.999Z',
    speed: 0,
  })
  expect((await beta()).status).toBe(200)

  await send(clock, 'POST', { set: Date.parse('3000-01-01T00:00:00Z') })
  expect((await beta()).status).toBe(401)

  const reset = await fetch(clock, { method: 'DELETE' })
  expect(reset.status).toBe(204)
  expect((await beta()).status).toBe(200)
  const now = Date.parse((await (await fetch(clock)).json()).now)
  expect(Math.abs(now - Date.now())).toBeLessThan(5000)
})

it('answers invalid clock changes with 400 naming the field', async () => {
  await using server = await startServer()
  const clock = `${server.adminUrl}/clock`
  const cases: Array<[unknown, string, string]> = [
    [{}, 'invalid_clock', 'Nothing to change'],
    [[], 'invalid_clock', 'JSON object'],
    [{ set: 'soon' }, 'invalid_clock', '"set"'],
    [{ set: '2030-01-01T00:00:00' }, 'invalid_clock', 'with a zone'],
    [{ set: '2030-13-01T00:00:00Z' }, 'invalid_clock', '"set"'],
    [{ advance: '1 minute' }, 'invalid_clock', '"advance"'],
    [{ advance: true }, 'invalid_clock', '"advance"'],
    [{ advance: 1e20 }, 'invalid_clock', '"advance"'],
    [{ freeze: true }, 'invalid_clock', '"freeze"'],
    [{ speed: -1 }, 'invalid_clock', '"speed"'],
    [{ speed: 20_000 }, 'invalid_clock', '"speed"'],
    [{ speed: '10' }, 'invalid_clock', '"speed"'],
    [{ speed: 10, resume: true }, 'invalid_clock', '"resume"'],
    [{ resume: false }, 'invalid_clock', '"resume"'],
    [{ real: 'yes' }, 'invalid_clock', '"real"'],
    [{ real: true, set: '2030-01-01T00:00:00Z' }, 'invalid_clock', '"set"'],
    ['{"set":', 'invalid_json', '"set"'],
  ]
  const before = (await (await fetch(clock)).json()).now
  for (const [body, code, named] of cases) {
    const error = await errorOf(await send(clock, 'POST', body))
    expect({ body, ...error }).toMatchObject({
      body,
      status: 400,
      code,
      message: expect.stringContaining(named),
    })
  }
  const after = (await (await fetch(clock)).json()).now
  expect(Date.parse(after) - Date.parse(before)).toBeLessThan(5000)
})

it('resets scenarios to the options, the clock and the journal with POST /__mock/reset', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    scenarios: [{ status: 503, match: { endpoint: 'getContent' } }],
  })
  await send(`${server.adminUrl}/scenarios`, 'POST', { preset: 'server-error' })
  await send(`${server.adminUrl}/clock`, 'POST', {
    set: '2999-06-01T00:00:00Z',
  })
  await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })

  const reset = await send(`${server.adminUrl}/reset`, 'POST')
  expect(reset.status).toBe(200)

  const scenarios = (await (await fetch(`${server.adminUrl}/scenarios`)).json())
    .data
  expect(scenarios).toEqual([
    expect.objectContaining({ status: 503, matched: 0, fired: 0 }),
  ])
  const now = Date.parse(
    (await (await fetch(`${server.adminUrl}/clock`)).json()).now,
  )
  expect(Math.abs(now - Date.now())).toBeLessThan(5000)
  expect(
    (await (await fetch(`${server.adminUrl}/requests`)).json()).meta.total,
  ).toBe(0)
  expect(
    (await fetch(`${server.apiUrl}/projects`, { headers: BETA })).status,
  ).toBe(200)
})

it('protects every traffic control route with the admin token', async () => {
  await using server = await startServer({ adminToken: 's3cret' })
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/scenarios'],
    ['GET', '/presets'],
    ['POST', '/scenarios', { preset: 'server-error' }],
    ['DELETE', '/scenarios'],
    ['DELETE', '/scenarios/scn_1'],
    ['GET', '/requests'],
    ['DELETE', '/requests'],
    ['GET', '/clock'],
    ['POST', '/clock', { advance: '1m' }],
    ['DELETE', '/clock'],
  ]
  for (const [method, path, body] of routes) {
    const without = await send(`${server.adminUrl}${path}`, method, body)
    expect({ method, path, status: without.status }).toEqual({
      method,
      path,
      status: 401,
    })
    expect((await without.json()).error.code).toBe('unauthorized')
  }
  // Nothing above took effect.
  const authorized = { authorization: 'Bearer s3cret' }
  const list = await send(
    `${server.adminUrl}/scenarios`,
    'GET',
    undefined,
    authorized,
  )
  expect(await list.json()).toEqual({ data: [] })
  const added = await send(
    `${server.adminUrl}/scenarios`,
    'POST',
    { preset: 'server-error' },
    authorized,
  )
  expect(added.status).toBe(201)
  const clock = await send(
    `${server.adminUrl}/clock`,
    'POST',
    { set: '2030-01-01T00:00:00Z' },
    authorized,
  )
  expect(await clock.json()).toEqual({
    now: '2030-01-01T00:00:00.000Z',
    speed: 0,
  })
  const journal = await send(
    `${server.adminUrl}/requests`,
    'DELETE',
    undefined,
    authorized,
  )
  expect(journal.status).toBe(204)
})
