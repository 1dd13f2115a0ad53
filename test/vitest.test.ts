// This file uses the package the way a client project does: one call of
// `setupContentApiMock` and plain `fetch`, nothing from test/support.
import { DEFAULT_API_KEY } from 'content-api-mock'
import { setupContentApiMock } from 'content-api-mock/vitest'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'

const mock = setupContentApiMock({ seed: 42 })

const BASE_URL = 'https://api.example.com/public-api/v1'

/**
 * A tiny API client, as the project under test would have one: it retries a
 * 429 or 5xx after the seconds in `Retry-After` (1 s without it), and a
 * dropped connection after 1 s, up to three times. How it waits can be
 * swapped, as retrying clients commonly allow.
 */
async function getJson(
  path: string,
  {
    wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: { wait?: (ms: number) => Promise<unknown> } = {},
): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    let response: Response
    try {
      response = await fetch(`${BASE_URL}${path}`, {
        headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` },
      })
    } catch (error) {
      if (attempt > 3) throw error
      await wait(1000)
      continue
    }
    if ((response.status === 429 || response.status >= 500) && attempt <= 3) {
      await wait(Number(response.headers.get('retry-after') ?? 1) * 1000)
      continue
    }
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
    return response.json()
  }
}

/**
 * A wait that moves the mock's clock instead of sleeping, and remembers how
 * long the client asked to wait.
 * @note Not a spy on the global `setTimeout`: the HTTP stack under `fetch`
 * (msw 3's socket interceptor, for one) sets timers of its own, and firing
 * those early breaks it.
 */
function createMockClockWait() {
  const waits: number[] = []
  const wait = async (ms: number) => {
    waits.push(ms)
    mock.clock.advance(ms)
  }
  return { waits, wait }
}

it('retries after the number of seconds in Retry-After', async () => {
  mock.clock.set('2025-01-01T00:00:00Z')
  mock.scenarios.add('rate-limited', { times: 1, retryAfter: 1 })
  const { waits, wait } = createMockClockWait()

  const projects = await getJson('/projects', { wait })

  expect(projects.data.length).toBeGreaterThan(0)
  expect(waits).toEqual([1000])
  expect(
    mock.requests.list().map(({ status, time }) => ({ status, time })),
  ).toEqual([
    { status: 429, time: '2025-01-01T00:00:00.000Z' },
    { status: 200, time: '2025-01-01T00:00:01.000Z' },
  ])
})

it('retries no sooner than Retry-After allows under a real rate limit', async () => {
  mock.clock.set('2025-01-01T00:00:00Z')
  mock.scenarios.add({ rateLimit: { limit: 2, window: '10s' } })
  const { waits, wait } = createMockClockWait()

  await getJson('/projects', { wait })
  mock.clock.advance(4_000)
  await getJson('/projects', { wait })
  await getJson('/projects', { wait })

  expect(waits).toEqual([6000])
  expect(mock.requests.list().map((entry) => entry.status)).toEqual([
    200, 200, 429, 200,
  ])
})

it('survives a 500 and a dropped connection', async () => {
  mock.scenarios.add('server-error', { times: 1 })
  mock.scenarios.add('network-error', { times: 1 })
  const { waits, wait } = createMockClockWait()

  const projects = await getJson('/projects', { wait })

  expect(projects.meta.total).toBe(projects.data.length)
  expect(waits).toEqual([1000, 1000])
  expect(mock.requests.list().map((entry) => entry.status)).toEqual([
    500, 0, 200,
  ])
  expect(mock.requests.list()[1]?.networkError).toBe(true)
})

it('asserts the exact calls the client made', async () => {
  // The code under test: how many contents of all projects are complete.
  async function countCompleteContents(): Promise<number> {
    const projects = await getJson('/projects')
    let complete = 0
    for (const project of projects.data) {
      const contents = await getJson(
        `/projects/${project.project_unique}/contents`,
      )
      for (const content of contents.data) {
        if (content.progress.is_complete) complete++
      }
    }
    return complete
  }

  await countCompleteContents()

  const { data: projects } = await (
    await fetch(`${BASE_URL}/projects`, {
      headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` },
    })
  ).json()
  const calls = mock.requests
    .list()
    .slice(0, -1)
    .map((entry) => `${entry.method} ${entry.path}`)
  expect(calls).toEqual([
    'GET /public-api/v1/projects',
    ...projects.map(
      (project: { project_unique: string }) =>
        `GET /public-api/v1/projects/${project.project_unique}/contents`,
    ),
  ])
  expect(mock.requests.count({ endpoint: 'listContents' })).toBe(
    projects.length,
  )
  expect(mock.requests.count({ key: DEFAULT_API_KEY, status: 200 })).toBe(
    projects.length + 2,
  )
})

it('leaves a scenario, journal entries, a moved clock, a changed dataset and an extra handler behind', async () => {
  mock.scenarios.add({ status: 503 })
  mock.clock.set('2001-01-01T00:00:00Z')
  await mock.db.projects.deleteMany((q) =>
    q.where((project) => project.project_unique !== ''),
  )
  expect(mock.db.projects.all()).toEqual([])
  mock.server.use(
    http.get('https://auth.example.com/token', () =>
      HttpResponse.json({ token: 't' }),
    ),
  )
  expect((await fetch('https://auth.example.com/token')).status).toBe(200)
  await expect(getJson('/projects', createMockClockWait())).rejects.toThrow(
    /503/,
  )
  expect(mock.requests.count()).toBe(4)
})

it('starts the next test with none of it: no scenarios, an empty journal, the clock and dataset reset, the extra handler gone', async () => {
  expect(mock.scenarios.list()).toEqual([])
  expect(mock.requests.list()).toEqual([])
  expect(Math.abs(mock.clock.now() - Date.now())).toBeLessThan(1000)
  expect((await getJson('/projects')).data.length).toBeGreaterThan(0)
  // An unhandled request is an error, so the extra handler's host fails.
  await expect(fetch('https://auth.example.com/token')).rejects.toThrow()
})
