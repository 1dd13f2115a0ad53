import { expect, it } from 'vitest'
import { errorOf, sendJson } from '../../support/send-json.js'
import { startServer, startSmallServer } from '../../support/server.js'

// The scenario routes of the control API over HTTP, and what they force on
// the API: presets, the X-Mock-Scenario header, dropped connections, latency,
// 429s.

const ALPHA = { authorization: 'Bearer k_a' }
const BETA = { authorization: 'Bearer k_b' }

it('adds, lists and removes scenarios through the control API', async () => {
  await using server = await startSmallServer()
  const scenarios = `${server.adminUrl}/scenarios`
  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })

  const added = await sendJson(scenarios, 'POST', {
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
  await sendJson(scenarios, 'POST', { preset: 'rate-limited' })
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
  await sendJson(scenarios, 'POST', { status: 502 })
  expect(await ids()).toEqual(['scn_1', 'scn_2'])
  await sendJson(`${server.adminUrl}/reset`, 'POST')
  await sendJson(scenarios, 'POST', { status: 503 })
  expect(await ids()).toEqual(['scn_1', 'scn_2'])
})

it('forces a scenario added over HTTP on the API until it is used up', async () => {
  await using server = await startSmallServer()
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  await using server = await startSmallServer()
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
    const added = await sendJson(`${server.adminUrl}/scenarios`, 'POST', preset)
    const byName = await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
      preset: preset.name,
    })
    const [a] = (await added.json()).data
    const [b] = (await byName.json()).data
    expect({ ...a, id: '' }).toEqual({ ...b, id: '' })
  }
})

it('adds a preset with changes narrowed to one endpoint', async () => {
  await using server = await startSmallServer()
  const added = await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  await using server = await startSmallServer()
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  const rejected = await sendJson(scenarios, 'POST', [
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

  const accepted = await sendJson(scenarios, 'POST', [
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
    await sendJson(scenarios, 'POST', { preset: 'meltdown' }),
  )
  expect(unknown).toMatchObject({ status: 400, code: 'invalid_scenario' })
  expect(unknown.message).toContain('Unknown scenario preset "meltdown"')
  expect(unknown.message).toContain('rate-limited')

  const noEffect = await errorOf(
    await sendJson(scenarios, 'POST', { times: 2 }),
  )
  expect(noEffect.code).toBe('invalid_scenario')
  expect(noEffect.message).toContain('a scenario needs an effect')

  const badField = await errorOf(
    await sendJson(scenarios, 'POST', { status: 200 }),
  )
  expect(badField.message).toContain('status')

  const badPreset = await errorOf(
    await sendJson(scenarios, 'POST', { preset: 7 }),
  )
  expect(badPreset.message).toContain('preset: expected a preset name')

  const empty = await errorOf(await sendJson(scenarios, 'POST', []))
  expect(empty).toMatchObject({ status: 400, code: 'invalid_scenario' })
  const nothing = await errorOf(await sendJson(scenarios, 'POST'))
  expect(nothing).toMatchObject({ status: 400, code: 'invalid_scenario' })

  const notJson = await errorOf(await sendJson(scenarios, 'POST', '{"status":'))
  expect(notJson).toMatchObject({ status: 400, code: 'invalid_json' })
  expect(notJson.message).toContain('a scenario')

  expect(await (await fetch(scenarios)).json()).toEqual({ data: [] })
})

it('forces a preset for one request with X-Mock-Scenario', async () => {
  await using server = await startSmallServer()
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
  await using server = await startSmallServer({
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
  await using server = await startSmallServer({
    onRequest: (entry) => log.push(entry),
  })
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  await using server = await startSmallServer({
    onRequest: (entry) => log.push(entry),
  })
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  await using server = await startSmallServer()
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
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
  await using server = await startSmallServer({
    rateLimit: { limit: 2, window: '1m' },
  })
  await sendJson(`${server.adminUrl}/clock`, 'POST', {
    set: '2030-01-01T00:00:00Z',
  })
  const get = () => fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  const first = await get()
  expect(first.status).toBe(200)
  expect(first.headers.get('ratelimit-limit')).toBe('2')
  expect(first.headers.get('ratelimit-remaining')).toBe('1')
  expect(first.headers.get('ratelimit-reset')).toBe('60')
  expect((await get()).headers.get('ratelimit-remaining')).toBe('0')

  await sendJson(`${server.adminUrl}/clock`, 'POST', { advance: '20s' })
  const limited = await get()
  expect(limited.status).toBe(429)
  expect(limited.headers.get('retry-after')).toBe('40')
  expect(limited.headers.get('ratelimit-remaining')).toBe('0')
  expect(limited.headers.get('access-control-expose-headers')).toContain(
    'Retry-After',
  )

  await sendJson(`${server.adminUrl}/clock`, 'POST', { advance: 40_000 })
  expect((await get()).status).toBe(200)
})
