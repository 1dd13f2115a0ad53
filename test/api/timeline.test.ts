import {
  createContentApiMock,
  FixtureError,
  parseFixtureDocument,
} from 'content-api-mock'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { callApi } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { startServer } from '../support/server.js'

// A content with a `timeline` generates and publishes on the mock clock:
// progress and publish results are computed at answer time, the same in the
// interceptor and the server.

const START = Date.parse('2030-01-01T00:00:00Z')
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString()

/** small.json with content `v9` in p1, which generates from 2030-01-01. */
function timelineFixture() {
  const fixtures = loadFixture('small.json')
  fixtures.contents.push({
    variation_unique: 'v9',
    project_unique: 'p1',
    mode: 'moviemode',
    title: 'Launch day, live',
    created_at: at(0),
    content: { movie_unique: 'm9' },
    timeline: {
      step_ends: [at(60), at(120), at(180), at(240), at(300)],
      publish: [
        {
          platform: 'youtube',
          post_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          requested_at: at(330),
          settled_at: at(400),
          status: 'success',
        },
        {
          platform: 'x',
          post_url: 'https://x.com/alpha/status/1234567890123456789',
          requested_at: at(340),
          settled_at: at(460),
          status: 'failed',
        },
      ],
    },
  })
  return fixtures
}

const interceptor = setupServer()
beforeAll(() => interceptor.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => interceptor.close())

/** The detail and list of v9 as a client sees them, asset URLs left out. */
async function observe(apiUrl: string) {
  const headers = { authorization: 'Bearer k_a' }
  const list = await (
    await fetch(`${apiUrl}/projects/p1/contents`, { headers })
  ).json()
  const detail = await fetch(`${apiUrl}/projects/p1/contents/v9`, { headers })
  const body = await detail.json()
  if (detail.status === 200) {
    delete body.data.content.download_url
    delete body.data.content.thumbnail_url
  }
  return { list, status: detail.status, detail: body }
}

it('computes progress and publish results from the timeline, the same in both adapters', async () => {
  const fixtures = timelineFixture()
  const mock = createContentApiMock({ fixtures })
  interceptor.use(...mock.handlers)
  await using server = await startServer({ fixtures })
  const instants = {
    before: at(-1),
    generating: at(150),
    pending: at(350),
    settling: at(420),
    settled: at(500),
  }
  const seen: Record<string, Awaited<ReturnType<typeof observe>>> = {}
  for (const [name, instant] of Object.entries(instants)) {
    mock.clock.set(instant)
    server.mock.clock.set(instant)
    const intercepted = await observe('https://api.example.com/public-api/v1')
    const served = await observe(server.apiUrl)
    expect(served, name).toEqual(intercepted)
    seen[name] = served
  }

  expect(seen.before!.status).toBe(404)
  expect(seen.before!.list.meta.total).toBe(2)
  expect(seen.generating!.list.meta.total).toBe(3)
  expect(seen.generating!.list.data[0]).toEqual({
    mode: 'moviemode',
    variation_unique: 'v9',
    title: 'Launch day, live',
    progress: { step_process: 3, is_complete: false },
    created_at: at(0),
  })
  expect(seen.generating!.detail.data.publish).toEqual([])
  expect(seen.pending!.detail.data.progress).toEqual({
    step_process: 5,
    is_complete: true,
  })
  const statuses = (name: string) =>
    seen[name]!.detail.data.publish.map(
      (result: { platform: string; status: string; posted_at: string }) =>
        `${result.platform} ${result.status} ${result.posted_at}`,
    )
  expect(statuses('pending')).toEqual([
    `youtube pending ${at(330)}`,
    `x pending ${at(340)}`,
  ])
  expect(statuses('settling')).toEqual([
    `youtube success ${at(400)}`,
    `x pending ${at(340)}`,
  ])
  expect(statuses('settled')).toEqual([
    `youtube success ${at(400)}`,
    `x failed ${at(460)}`,
  ])
})

it('changes a list at the instant a step ends, not a millisecond before', async () => {
  const mock = createContentApiMock({ fixtures: timelineFixture() })
  interceptor.use(...mock.handlers)
  const stepOf = async () => {
    const { body } = await callApi('/projects/p1/contents', { key: 'k_a' })
    return body.data[0].progress.step_process
  }
  mock.clock.set(START + 120_000 - 1)
  expect(await stepOf()).toBe(2)
  mock.clock.advance(1)
  expect(await stepOf()).toBe(3)
  mock.clock.advance(-1)
  expect(await stepOf()).toBe(2)
})

it('follows vitest fake timers and goes back to the start on reset', async () => {
  const mock = createContentApiMock({ fixtures: timelineFixture() })
  interceptor.use(...mock.handlers)
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    vi.setSystemTime(START + 200_000)
    const { body } = await callApi('/projects/p1/contents/v9', { key: 'k_a' })
    expect(body.data.progress.step_process).toBe(4)
    mock.clock.advance(400_000)
    const later = await callApi('/projects/p1/contents/v9', { key: 'k_a' })
    expect(later.body.data.progress.is_complete).toBe(true)
    await mock.reset()
    const reset = await callApi('/projects/p1/contents/v9', { key: 'k_a' })
    expect(reset.body.data.progress.step_process).toBe(4)
  } finally {
    vi.useRealTimers()
  }
})

it('exports timelines as written and loads the export back to the same answers', async () => {
  const mock = createContentApiMock({ fixtures: timelineFixture() })
  await mock.ready
  const exported = mock.exportFixtures()
  expect(exported.contents.at(-1)).toEqual(timelineFixture().contents.at(-1))
  const again = createContentApiMock({ fixtures: exported })
  await again.ready
  expect(again.exportFixtures()).toEqual(exported)
})

it('names every broken timeline rule of a document in one error', () => {
  const fixtures = timelineFixture()
  const v9 = fixtures.contents.at(-1)
  v9.progress = { step_process: 1, is_complete: false }
  v9.timeline.step_ends[2] = at(100)
  v9.timeline.publish[0].requested_at = at(200)
  v9.timeline.publish[1].settled_at = at(339)
  delete fixtures.contents[0].progress
  let error: unknown
  try {
    parseFixtureDocument(fixtures)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(FixtureError)
  expect((error as FixtureError).issues).toEqual([
    {
      path: 'contents[0].progress',
      message:
        'missing; expected a progress object, or a timeline that computes it',
    },
    {
      path: 'contents[4].progress',
      message:
        'computed from "timeline" at every answer; remove "progress", or remove "timeline" to keep it fixed',
    },
    {
      path: 'contents[4].timeline.step_ends[2]',
      message: `expected a time after step_ends[1] (${at(120)}), found "${at(100)}"`,
    },
    {
      path: 'contents[4].timeline.publish[0].requested_at',
      message: `expected a time at or after the last step ends (step_ends[4], ${at(300)}): a content is published once it is generated; found "${at(200)}"`,
    },
    {
      path: 'contents[4].timeline.publish[1].settled_at',
      message: `expected a time at or after requested_at (${at(340)}), found "${at(339)}"`,
    },
  ])
})
