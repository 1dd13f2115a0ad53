import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { movedTimeMock } from '../../support/moved-time-mock.js'
import { startSmallServer } from '../../support/server.js'

// The clock's speed: pause, resume and a new speed keep mock time where it
// was, through the library's mock.clock and the server's /__mock/clock. The
// real time is a source the test moves (the `now` option), not a sleep.

const T0 = Date.parse('2026-01-01T00:00:00Z')
const SECOND = 1000
const MINUTE = 60 * SECOND

interface Reading {
  now: string
  speed: number
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

it('pauses, resumes and changes speed with mock time continuous: mock.clock', () => {
  const { mock, real } = movedTimeMock(T0, { speed: 60 })
  const { clock } = mock
  expect(clock.speed).toBe(60)
  real.now += SECOND
  expect(clock.now()).toBe(T0 + MINUTE)

  clock.pause()
  expect(clock.speed).toBe(0)
  real.now += 10 * SECOND
  expect(clock.now()).toBe(T0 + MINUTE)

  clock.resume()
  expect(clock.speed).toBe(60)
  expect(clock.now()).toBe(T0 + MINUTE)
  real.now += SECOND
  expect(clock.now()).toBe(T0 + 2 * MINUTE)

  clock.setSpeed(10)
  expect(clock.now()).toBe(T0 + 2 * MINUTE)
  real.now += 6 * SECOND
  expect(clock.now()).toBe(T0 + 3 * MINUTE)

  // Back to real speed from the mock time, not from the real date.
  clock.setSpeed(1)
  real.now += SECOND
  expect(clock.now()).toBe(T0 + 3 * MINUTE + SECOND)

  // A pause by speed 0, an advance while paused, then a resume at the last speed.
  clock.setSpeed(0)
  clock.advance(MINUTE)
  real.now += MINUTE
  expect(clock.now()).toBe(T0 + 4 * MINUTE + SECOND)
  clock.resume()
  expect(clock.speed).toBe(1)
  // resume() on a running clock changes nothing.
  clock.resume()
  expect(clock.speed).toBe(1)
})

it('pauses on set() and resumes from the time set, at the speed it ran at', () => {
  const { mock, real } = movedTimeMock(T0, { speed: 60 })
  const { clock } = mock
  clock.set('2030-01-01T00:00:00Z')
  expect(clock.speed).toBe(0)
  real.now += SECOND
  expect(new Date(clock.now()).toISOString()).toBe('2030-01-01T00:00:00.000Z')
  clock.resume()
  real.now += SECOND
  expect(new Date(clock.now()).toISOString()).toBe('2030-01-01T00:01:00.000Z')
})

it('goes to the real date at real speed with toRealTime(), and to the clock it started with on reset()', () => {
  const { mock, real } = movedTimeMock(T0, { speed: 60 })
  const { clock } = mock
  real.now += SECOND
  clock.advance(MINUTE)
  clock.toRealTime()
  expect(clock.now()).toBe(real.now)
  expect(clock.speed).toBe(1)
  real.now += SECOND
  expect(clock.now()).toBe(real.now)

  clock.setSpeed(5)
  clock.reset()
  expect(clock.speed).toBe(60)
  // The 60× timeline from the mock's creation: 2 s of real.now are 2 minutes.
  expect(clock.now()).toBe(T0 + 2 * MINUTE)
})

it('refuses a speed outside 0.01 to 10,000, or 0, with a RangeError naming the range', () => {
  const { clock } = createContentApiMock({
    fixtures: loadFixture('small.json'),
  })
  for (const speed of [-1, 0.001, 20_000, Number.NaN]) {
    expect(() => clock.setSpeed(speed)).toThrow(RangeError)
  }
  expect(() => clock.setSpeed(-1)).toThrow(/from 0\.01 to 10000.*or 0 to pause/)
  expect(clock.speed).toBe(1)
})

it('takes a speed, a pause and a resume on /__mock/clock, keeping mock time continuous', async () => {
  let source = T0
  await using server = await startSmallServer({
    now: () => source,
    speed: 60,
  })
  const clockUrl = `${server.adminUrl}/clock`
  const read = async (): Promise<Reading> =>
    (await (await fetch(clockUrl)).json()) as Reading

  expect(await read()).toEqual({ now: '2026-01-01T00:00:00.000Z', speed: 60 })
  source += SECOND
  expect((await read()).now).toBe('2026-01-01T00:01:00.000Z')

  const paused = await post(clockUrl, { speed: 0 })
  expect(paused.status).toBe(200)
  expect(await paused.json()).toEqual({
    now: '2026-01-01T00:01:00.000Z',
    speed: 0,
  })
  source += 30 * SECOND
  expect(await read()).toEqual({ now: '2026-01-01T00:01:00.000Z', speed: 0 })

  expect(await (await post(clockUrl, { resume: true })).json()).toEqual({
    now: '2026-01-01T00:01:00.000Z',
    speed: 60,
  })
  source += SECOND
  expect((await read()).now).toBe('2026-01-01T00:02:00.000Z')

  expect(await (await post(clockUrl, { speed: 10 })).json()).toEqual({
    now: '2026-01-01T00:02:00.000Z',
    speed: 10,
  })
  source += 6 * SECOND
  expect((await read()).now).toBe('2026-01-01T00:03:00.000Z')

  // Set, advance and speed compose in one body: where, how far, how fast.
  expect(
    await (
      await post(clockUrl, {
        set: '2030-01-01T00:00:00Z',
        advance: '1h',
        speed: 2,
      })
    ).json(),
  ).toEqual({ now: '2030-01-01T01:00:00.000Z', speed: 2 })
  source += SECOND
  expect((await read()).now).toBe('2030-01-01T01:00:02.000Z')

  // Back to real speed from the mock time.
  await post(clockUrl, { speed: 1 })
  source += SECOND
  expect(await read()).toEqual({ now: '2030-01-01T01:00:03.000Z', speed: 1 })

  // The real date, at real speed, on request.
  expect(await (await post(clockUrl, { real: true })).json()).toEqual({
    now: new Date(source).toISOString(),
    speed: 1,
  })

  // DELETE: the clock the server started with (60× from its start).
  expect((await fetch(clockUrl, { method: 'DELETE' })).status).toBe(204)
  expect(await read()).toEqual({
    now: new Date(T0 + (source - T0) * 60).toISOString(),
    speed: 60,
  })
})

it('keeps answering today’s set and advance bodies as before, and says the speed', async () => {
  await using server = await startSmallServer()
  const clockUrl = `${server.adminUrl}/clock`
  expect((await (await fetch(clockUrl)).json()).speed).toBe(1)
  expect(
    await (await post(clockUrl, { set: '2030-01-01T00:00:00Z' })).json(),
  ).toEqual({ now: '2030-01-01T00:00:00.000Z', speed: 0 })
  expect(await (await post(clockUrl, { advance: '1m' })).json()).toEqual({
    now: '2030-01-01T00:01:00.000Z',
    speed: 0,
  })
})

it('stops at the last date JavaScript can hold rather than run past it', async () => {
  let source = T0
  await using server = await startSmallServer({
    now: () => source,
  })
  const clockUrl = `${server.adminUrl}/clock`
  const last = '+275760-09-13T00:00:00.000Z'
  const running = await post(clockUrl, { set: 8.64e15 - 1000, speed: 10 })
  expect(running.status).toBe(200)
  source += MINUTE
  expect(await (await fetch(clockUrl)).json()).toEqual({ now: last, speed: 10 })
  const projects = await fetch(`${server.apiUrl}/projects`, {
    headers: { authorization: 'Bearer k_a' },
  })
  expect(projects.status).toBe(200)
})
