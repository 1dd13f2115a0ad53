import { createContentApiMock, type ContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { startCli } from '../support/start-cli.js'
import { startServer } from '../support/server.js'

// `live: true`: the generated dataset keeps generating, as a function of the
// seed and the mock clock alone.

const T = Date.parse('2026-11-22T12:00:00Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const KEY = 'demo-key-alpha'
const ORIGIN = 'http://localhost'

interface Listed {
  variation_unique: string
  created_at: string
  progress: { step_process: number; is_complete: boolean }
}

/** What the helpers below use of a mock: the library's or a server's. */
type LiveMock = Pick<ContentApiMock, 'handle' | 'clock'>

/** Calls the mock's core directly: a GET as the client sends it. */
function get(mock: LiveMock, path: string) {
  const response = mock.handle({
    method: 'GET',
    origin: ORIGIN,
    path: `/public-api/v1${path}`,
    query: '',
    headers: new Headers({ authorization: `Bearer ${KEY}` }),
  })
  return {
    status: response!.status,
    body: JSON.parse(response!.body as string),
  }
}

async function createLiveMock(seed = 7) {
  const mock = createContentApiMock({ seed, live: true })
  await mock.ready
  return mock
}

/** The projects of the main key that hold contents. */
function holders(mock: LiveMock, at: number): string[] {
  mock.clock.set(at)
  return get(mock, '/projects')
    .body.data.map(
      (project: { project_unique: string }) => project.project_unique,
    )
    .filter(
      (id: string) => get(mock, `/projects/${id}/contents`).body.meta.total > 0,
    )
}

function contentsAt(
  mock: ContentApiMock,
  project: string,
  at: number,
): Listed[] {
  mock.clock.set(at)
  return get(mock, `/projects/${project}/contents`).body.data
}

it('answers the same at the same clock, whatever the mock did before', async () => {
  const seasoned = await createLiveMock()
  for (const project of holders(seasoned, T - 5 * HOUR)) {
    contentsAt(seasoned, project, T - 5 * HOUR)
    contentsAt(seasoned, project, T + 7 * HOUR)
  }
  const fresh = await createLiveMock()
  for (const project of holders(fresh, T)) {
    const list = contentsAt(fresh, project, T)
    expect(contentsAt(seasoned, project, T)).toEqual(list)
    const id = list[0]!.variation_unique
    const detail = (mock: ContentApiMock) => {
      mock.clock.set(T)
      const { body } = get(mock, `/projects/${project}/contents/${id}`)
      delete body.data.content.download_url
      delete body.data.content.thumbnail_url
      return body
    }
    expect(detail(seasoned)).toEqual(detail(fresh))
  }
})

it('gives two servers with the same seed and clock the same bodies', async () => {
  await using first = await startServer({ seed: 3, live: true })
  await using second = await startServer({ seed: 3, live: true })
  const headers = { authorization: `Bearer ${KEY}` }
  const bodies = async (apiUrl: string) => {
    const projects = await (
      await fetch(`${apiUrl}/projects`, { headers })
    ).json()
    const lists = []
    for (const { project_unique } of projects.data) {
      const url = `${apiUrl}/projects/${project_unique}/contents`
      lists.push(await (await fetch(url, { headers })).text())
    }
    return lists
  }
  first.mock.clock.set(T)
  const before = await bodies(first.apiUrl)
  first.mock.clock.set(T + 30 * MINUTE)
  second.mock.clock.set(T + 30 * MINUTE)
  const after = await bodies(first.apiUrl)
  expect(await bodies(second.apiUrl)).toEqual(after)
  expect(after).not.toEqual(before)
})

it('keeps a content in progress in every project and advances one within a minute', async () => {
  const mock = await createLiveMock()
  const projects = holders(mock, T)
  expect(projects.length).toBeGreaterThanOrEqual(5)
  // The moment before a content starts is when its project has gone longest
  // without a start: the one before it must still be generating.
  for (const project of projects) {
    const starts = contentsAt(mock, project, T + 3 * HOUR)
      .map((content) => Date.parse(content.created_at))
      .filter((start) => start > T)
    expect(starts.length).toBeGreaterThan(40)
    for (const start of starts) {
      const list = contentsAt(mock, project, start - 1)
      expect(
        list.some((content) => !content.progress.is_complete),
        `${project} just before ${new Date(start).toISOString()}`,
      ).toBe(true)
    }
  }
  const steps = (at: number) =>
    projects.flatMap((project) =>
      contentsAt(mock, project, at).map(
        (content) =>
          `${content.variation_unique} ${content.progress.step_process}`,
      ),
    )
  const now = steps(T)
  const aMinuteLater = steps(T + MINUTE)
  expect(
    aMinuteLater.filter((step) => !now.includes(step)).length,
  ).toBeGreaterThan(0)
})

it('adds new contents at a steady cadence and lets them go after three hours', async () => {
  const mock = await createLiveMock()
  for (const project of holders(mock, T)) {
    const ids = (at: number) =>
      contentsAt(mock, project, at).map((content) => content.variation_unique)
    const start = ids(T)
    const tenMinutesLater = ids(T + 10 * MINUTE)
    const added = tenMinutesLater.filter((id) => !start.includes(id))
    expect(added.length, project).toBeGreaterThanOrEqual(2)
    expect(added.length, project).toBeLessThanOrEqual(5)
    expect(tenMinutesLater.slice(0, added.length)).toEqual(added)

    // A content is listed from its start for three hours: at T + 3 h every
    // content listed at T is gone, every one added since is still there.
    const later = ids(T + 3 * HOUR)
    for (const id of added) expect(later).toContain(id)
    const startedLive = contentsAt(mock, project, T)
      .filter((content) => Date.parse(content.created_at) > T - 4 * HOUR)
      .map((content) => content.variation_unique)
    expect(startedLive.length).toBeGreaterThan(40)
    for (const id of startedLive) expect(later).not.toContain(id)
    // Gone from the list, still readable by its ID.
    mock.clock.set(T + 3 * HOUR)
    expect(
      get(mock, `/projects/${project}/contents/${startedLive[0]}`).status,
    ).toBe(200)
  }
})

it('answers a content’s detail 200 a day of mock time after it left the list, and its thumbnail: server', async () => {
  await using server = await startServer({ seed: 7, live: true })
  const headers = { authorization: `Bearer ${KEY}` }
  const clock = (body: unknown) =>
    fetch(`${server.adminUrl}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await clock({ set: new Date(T).toISOString() })
  const [project] = holders(server.mock, T)
  const contents = `${server.apiUrl}/projects/${project}/contents`
  const listed: Listed[] = (await (await fetch(contents, { headers })).json())
    .data
  const live = listed.filter(
    (content) => Date.parse(content.created_at) > T - 4 * HOUR,
  )
  expect(live.length).toBeGreaterThan(40)
  const oldest = live.at(-1)!
  const detailUrl = `${contents}/${oldest.variation_unique}`
  const before = await (await fetch(detailUrl, { headers })).json()

  await clock({ advance: '27h' }) // three hours in the list, then a day
  const later = await (await fetch(contents, { headers })).json()
  expect(later.meta.total).toBeGreaterThan(40)
  expect(
    later.data.map((content: Listed) => content.variation_unique),
  ).not.toContain(oldest.variation_unique)
  const detail = await fetch(detailUrl, { headers })
  expect(detail.status).toBe(200)
  const { data } = await detail.json()
  expect(data.variation_unique).toBe(oldest.variation_unique)
  expect(data.title).toBe(before.data.title)
  expect(data.progress).toEqual({ step_process: 5, is_complete: true })
  expect(
    (await fetch(data.content.thumbnail_url)).headers.get('content-type'),
  ).toBe('image/jpeg')
  // The control API and the library find it too, so it can still be edited.
  expect(server.mock.contents.get(oldest.variation_unique)?.title).toBe(
    before.data.title,
  )
  const record = await fetch(
    `${server.adminUrl}/contents/${oldest.variation_unique}`,
  )
  expect(record.status).toBe(200)
  expect((await record.json()).data.title).toBe(before.data.title)

  // Not in another project, not before it started, not under a made-up ID.
  const [, other] = holders(server.mock, T + 27 * HOUR)
  const elsewhere = `${server.apiUrl}/projects/${other}/contents/${oldest.variation_unique}`
  expect((await fetch(elsewhere, { headers })).status).toBe(404)
  await clock({
    set: new Date(Date.parse(oldest.created_at) - 1000).toISOString(),
  })
  expect((await fetch(detailUrl, { headers })).status).toBe(404)
  const madeUp = `${contents}/${oldest.variation_unique.slice(0, -1)}x`
  expect((await fetch(madeUp, { headers })).status).toBe(404)
})

it('publishes a finished content as pending first, then success or failed', async () => {
  const mock = await createLiveMock()
  const project = holders(mock, T)[0]!
  const seen = new Map<string, string[]>()
  let success = 0
  let failed = 0
  for (let second = 0; second < 6 * 60 * 60; second += 20) {
    const at = T + second * 1000
    mock.clock.set(at)
    for (const content of contentsAt(mock, project, at).slice(0, 4)) {
      const { body } = get(
        mock,
        `/projects/${project}/contents/${content.variation_unique}`,
      )
      for (const result of body.data.publish) {
        const key = `${content.variation_unique} ${result.platform}`
        const history = seen.get(key) ?? []
        if (history.at(-1) !== result.status) history.push(result.status)
        seen.set(key, history)
      }
    }
  }
  for (const history of seen.values()) {
    // Seen from the first sample on: already settled, or pending then
    // settled, or (at the end) still pending; never settled then pending.
    const settled = history.at(-1)
    expect(history.slice(0, -1)).toEqual(
      history.length === 2 ? ['pending'] : [],
    )
    if (settled === 'pending') continue
    expect(['success', 'failed']).toContain(settled)
    if (history.length === 2) {
      if (settled === 'success') success++
      else failed++
    }
  }
  expect(success + failed).toBeGreaterThan(50)
  expect(failed / (success + failed)).toBeGreaterThan(0.05)
  expect(failed / (success + failed)).toBeLessThan(0.3)
})

it('exports the contents alive at the moment, which load back to the same lists', async () => {
  const mock = await createLiveMock()
  mock.clock.set(T)
  const exported = mock.exportFixtures()
  const frozen = createContentApiMock({ fixtures: exported })
  await frozen.ready
  for (const project of holders(mock, T)) {
    expect(contentsAt(frozen, project, T)).toEqual(contentsAt(mock, project, T))
  }
  expect(
    exported.contents.filter((content) => content.timeline).length,
  ).toBeGreaterThan(300)
})

it('runs the mock clock faster than its source with speed', async () => {
  let source = T
  const mock = createContentApiMock({ now: () => source, speed: 60 })
  expect(mock.clock.now()).toBe(T)
  source += 1000
  expect(mock.clock.now()).toBe(T + MINUTE)
  mock.clock.advance(HOUR)
  source += 1000
  expect(mock.clock.now()).toBe(T + 2 * MINUTE + HOUR)
})

it('refuses live data with fixtures, naming what to do instead', () => {
  expect(() =>
    createContentApiMock({
      live: true,
      fixtures: { accounts: [], api_keys: [], projects: [], contents: [] },
    }),
  ).toThrow(
    /"live": makes the generated dataset live .* give the fixture's contents a "timeline"/,
  )
})

it('answers the same in two processes started minutes apart, at the same clock', async () => {
  // The second process believes it started seven minutes later.
  const later = `data:text/javascript,${encodeURIComponent(
    `const now = Date.now; Date.now = () => now() + ${7 * MINUTE}`,
  )}`
  const args = ['--live', '--seed', '5', '--port', '0', '--log', 'off']
  await using first = await startCli(args)
  await using second = await startCli(args, {
    env: { NODE_OPTIONS: `--import=${later}` },
  })
  const lists = async (url: string) => {
    await fetch(`${url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: new Date(T).toISOString() }),
    })
    const headers = { authorization: `Bearer ${KEY}` }
    const projects = await (
      await fetch(`${url}/public-api/v1/projects`, { headers })
    ).json()
    const bodies: string[] = []
    for (const { project_unique } of projects.data) {
      const list = `${url}/public-api/v1/projects/${project_unique}/contents`
      bodies.push(await (await fetch(list, { headers })).text())
    }
    return bodies
  }
  const expected = await lists(first.url)
  expect(expected.join('').length).toBeGreaterThan(10_000)
  expect(await lists(second.url)).toEqual(expected)
})

it('answers a stored content, not the stream, for an ID both hold, also in another project', async () => {
  const mock = await createLiveMock()
  const [streamed, other] = holders(mock, T + HOUR)
  const item = contentsAt(mock, streamed!, T + HOUR).find(
    (content) => Date.parse(content.created_at) > T,
  )!
  const path = `/projects/${streamed}/contents/${item.variation_unique}`
  expect(get(mock, path).status).toBe(200)
  const [template] = mock.contents.list({ project_unique: other })
  await mock.contents.create({
    ...template!,
    variation_unique: item.variation_unique,
    title: 'Stored, not streamed',
  })
  mock.clock.set(T + HOUR)
  expect(get(mock, path).status).toBe(404)
  const stored = get(
    mock,
    `/projects/${other}/contents/${item.variation_unique}`,
  )
  expect(stored.body.data.title).toBe('Stored, not streamed')
})
