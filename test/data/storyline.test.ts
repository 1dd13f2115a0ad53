import { readFileSync } from 'node:fs'
import { createContentApiMock, FixtureError } from 'content-api-mock'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockCore } from '../../src/api/create-mock-core.js'
import { startServer } from '../support/server.js'

// A fixture document may tell its times as offsets from the start of the
// story ("+2m"): the mock clock's time when the document is loaded, so the
// shipped storyline plays the same at every start and after a reset.

const START = Date.parse('2030-01-01T00:00:00Z')
const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

function storyline(): any {
  return JSON.parse(
    readFileSync(
      new URL('../../fixtures/storyline.json', import.meta.url),
      'utf8',
    ),
  )
}

const interceptor = setupServer()
beforeAll(() => interceptor.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => interceptor.close())

/** The launch film's detail as a client sees it. */
async function launchFilm(apiUrl: string) {
  const response = await fetch(
    `${apiUrl}/projects/prj_autumn_launch/contents/var_launch_film`,
    { headers: { authorization: 'Bearer story-key' } },
  )
  expect(response.status).toBe(200)
  const { data } = await response.json()
  return {
    created_at: data.created_at,
    progress: data.progress,
    publish: data.publish.map((result: any) => [
      result.platform,
      result.status,
      result.posted_at,
    ]),
  }
}

const atStart = (start: number) => ({
  created_at: iso(start),
  progress: { step_process: 1, is_complete: false },
  publish: [],
})
const atMinuteTwo = (start: number) => ({
  created_at: iso(start),
  progress: { step_process: 5, is_complete: true },
  publish: ['youtube', 'instagram', 'tiktok'].map((platform) => [
    platform,
    'success',
    iso(start + 2 * MINUTE),
  ]),
})

it('plays the shipped storyline from the start, at minute 2 and again from a reset, through the server', async () => {
  let real = START
  await using server = await startServer({
    fixtures: storyline(),
    now: () => real,
  })
  const control = (path: string, body?: unknown) =>
    fetch(`${server.url}/__mock/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
  expect(await launchFilm(server.apiUrl)).toEqual(atStart(START))
  expect((await control('clock', { advance: '2m' })).status).toBe(200)
  expect(await launchFilm(server.apiUrl)).toEqual(atMinuteTwo(START))

  real = START + 10 * MINUTE
  expect((await control('reset')).status).toBe(200)
  expect(await launchFilm(server.apiUrl)).toEqual(atStart(real))
  expect((await control('clock', { advance: '2m' })).status).toBe(200)
  expect(await launchFilm(server.apiUrl)).toEqual(atMinuteTwo(real))
})

it('plays the storyline the same through the interceptor, and reset() starts it over from the new start', async () => {
  let real = START
  const mock = createContentApiMock({
    fixtures: storyline(),
    baseUrl: 'https://story.test/public-api/v1',
    now: () => real,
  })
  interceptor.use(...mock.handlers)
  const apiUrl = 'https://story.test/public-api/v1'
  expect(await launchFilm(apiUrl)).toEqual(atStart(START))
  mock.clock.advance(2 * MINUTE)
  expect(await launchFilm(apiUrl)).toEqual(atMinuteTwo(START))
  real = START + 30 * MINUTE
  await mock.reset()
  expect(await launchFilm(apiUrl)).toEqual(atStart(real))
  mock.clock.advance(2 * MINUTE)
  expect(await launchFilm(apiUrl)).toEqual(atMinuteTwo(real))
  interceptor.resetHandlers()
})

it('exports the offsets that were loaded, not the instants of one run', async () => {
  await using server = await startServer({
    fixtures: storyline(),
    now: () => START,
  })
  const exported = await (await fetch(`${server.url}/__mock/fixtures`)).json()
  const { $schema: _, ...written } = storyline()
  const { $schema: __, ...back } = exported
  expect(back).toEqual(written)

  const mock = createContentApiMock({ fixtures: storyline() })
  await mock.ready
  expect(mock.exportFixtures().contents).toEqual(storyline().contents)
})

it('refuses a bad story offset, naming its path and the grammar', () => {
  const document = storyline()
  document.contents[2].created_at = '+2x'
  document.contents[2].timeline.step_ends[4] = '2m'
  let error: unknown
  try {
    createContentApiMock({ fixtures: document })
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(FixtureError)
  const grammar =
    'expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z", or an offset from the start of the story: "+" and a count with a unit (ms, s, m, h), such as "+0s", "+90s", "+2m" or "+1h"'
  expect((error as FixtureError).issues).toEqual([
    {
      path: 'contents[2].created_at',
      message: `${grammar}, found the string "+2x"`,
    },
    {
      path: 'contents[2].timeline.step_ends[4]',
      message: `${grammar}, found the string "2m"`,
    },
  ])
})

it('refuses a story offset in one record a control call writes, as it has no story start', async () => {
  await using server = await startServer({ fixtures: storyline() })
  const response = await fetch(
    `${server.url}/__mock/contents/var_launch_film`,
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ created_at: '+1m' }),
    },
  )
  expect(response.status).toBe(400)
  expect(JSON.stringify(await response.json())).toContain(
    'found the story offset \\"+1m\\", which only a fixture document loaded as a whole can hold',
  )
})

it('counts the story from the start a static demo keeps, so a reload goes on with it instead of playing it again', async () => {
  // build-demo's boot hands the core the mock time of the browser's first
  // visit (src/demo/create-demo-clock-source.ts); a reload five minutes later loads
  // the document again, and the launch film is still the published one.
  const reloaded = createMockCore(
    { fixtures: storyline(), now: () => START + 5 * MINUTE },
    { storyStart: START },
  )
  await reloaded.ready
  const detail = reloaded.db.contents.findFirst((q) =>
    q.where({ variation_unique: 'var_launch_film' }),
  )
  expect(detail?.created_at).toBe(iso(START))
  await reloaded.reset()
  const afterReset = reloaded.db.contents.findFirst((q) =>
    q.where({ variation_unique: 'var_launch_film' }),
  )
  expect(afterReset?.created_at).toBe(iso(START + 5 * MINUTE))
})
