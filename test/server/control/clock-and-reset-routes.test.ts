import { expect, it } from 'vitest'
import { errorOf, sendJson } from '../../support/send-json.js'
import { startServer, startSmallServer } from '../../support/server.js'

// The clock and reset routes of the control API over HTTP, and the admin
// token over every traffic route.

const ALPHA = { authorization: 'Bearer k_a' }
const BETA = { authorization: 'Bearer k_b' }

it('sets, advances and resets the clock over HTTP, moving key expiry', async () => {
  await using server = await startSmallServer()
  const clock = `${server.adminUrl}/clock`
  const beta = () => fetch(`${server.apiUrl}/projects`, { headers: BETA })
  const real = Date.parse((await (await fetch(clock)).json()).now)
  expect(Math.abs(real - Date.now())).toBeLessThan(5000)

  const set = await sendJson(clock, 'POST', { set: '2998-12-31T23:59:00Z' })
  expect(set.status).toBe(200)
  expect(await set.json()).toEqual({
    now: '2998-12-31T23:59:00.000Z',
    speed: 0,
  })
  expect((await beta()).status).toBe(200)

  const advanced = await sendJson(clock, 'POST', { advance: '1m' })
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

  const back = await sendJson(clock, 'POST', { advance: -1 })
  expect(await back.json()).toEqual({
    now: '2998-12-31T23:59:59.999Z',
    speed: 0,
  })
  expect((await beta()).status).toBe(200)

  await sendJson(clock, 'POST', { set: Date.parse('3000-01-01T00:00:00Z') })
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
    const error = await errorOf(await sendJson(clock, 'POST', body))
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
  await using server = await startSmallServer({
    scenarios: [{ status: 503, match: { endpoint: 'getContent' } }],
  })
  await sendJson(`${server.adminUrl}/scenarios`, 'POST', {
    preset: 'server-error',
  })
  await sendJson(`${server.adminUrl}/clock`, 'POST', {
    set: '2999-06-01T00:00:00Z',
  })
  await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })

  const reset = await sendJson(`${server.adminUrl}/reset`, 'POST')
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
    const without = await sendJson(`${server.adminUrl}${path}`, method, body)
    expect({ method, path, status: without.status }).toEqual({
      method,
      path,
      status: 401,
    })
    expect((await without.json()).error.code).toBe('unauthorized')
  }
  // Nothing above took effect.
  const authorized = { authorization: 'Bearer s3cret' }
  const list = await sendJson(
    `${server.adminUrl}/scenarios`,
    'GET',
    undefined,
    authorized,
  )
  expect(await list.json()).toEqual({ data: [] })
  const added = await sendJson(
    `${server.adminUrl}/scenarios`,
    'POST',
    { preset: 'server-error' },
    authorized,
  )
  expect(added.status).toBe(201)
  const clock = await sendJson(
    `${server.adminUrl}/clock`,
    'POST',
    { set: '2030-01-01T00:00:00Z' },
    authorized,
  )
  expect(await clock.json()).toEqual({
    now: '2030-01-01T00:00:00.000Z',
    speed: 0,
  })
  const journal = await sendJson(
    `${server.adminUrl}/requests`,
    'DELETE',
    undefined,
    authorized,
  )
  expect(journal.status).toBe(204)
})
