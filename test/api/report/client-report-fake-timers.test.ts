import { setupContentApiMock } from 'content-api-mock/vitest'
import { afterEach, expect, it, vi } from 'vitest'
import { BASE_URL } from '../../support/api-client.js'
import { loadFixture } from '../../support/load-fixture.js'
import { createPoliteClient } from '../../support/report-clients.js'

const mock = setupContentApiMock({ fixtures: loadFixture('small.json') })

afterEach(() => {
  vi.useRealTimers()
})

it('finds nothing for a client that waits out a 429 and backs off under vitest fake timers', async () => {
  vi.useFakeTimers()
  mock.scenarios.add({ status: 429, retryAfter: 30, times: 1 })
  mock.scenarios.add('server-error', { times: 3 })
  const client = createPoliteClient(BASE_URL)
  const answer = client.fetch(`${BASE_URL}/projects`)
  await vi.advanceTimersByTimeAsync(60_000)
  expect((await answer).status).toBe(200)
  expect(mock.requests.list().map((entry) => entry.status)).toEqual([
    429, 500, 500, 500, 200,
  ])
  expect(mock.clientReport().findings).toEqual([])
})

it('still finds a retry that waited too little of the fake time', async () => {
  vi.useFakeTimers()
  mock.scenarios.add({ status: 429, retryAfter: 30, times: 1 })
  const get = () =>
    fetch(`${BASE_URL}/projects`, { headers: { authorization: 'Bearer k_a' } })
  await get()
  const retry = new Promise((resolve) => setTimeout(resolve, 1_000)).then(get)
  await vi.advanceTimersByTimeAsync(1_000)
  expect((await retry).status).toBe(200)
  expect(mock.clientReport().findings).toEqual([
    expect.objectContaining({
      rule: 'retry-before-retry-after',
      count: 1,
      message: expect.stringContaining('(the earliest 29 s early)'),
    }),
  ])
})

it('finds nothing when a suite fakes only Date and moves it instead of sleeping', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  mock.scenarios.add('server-error', { times: 3 })
  mock.scenarios.add({ status: 429, retryAfter: 30, times: 1 })
  const get = () =>
    fetch(`${BASE_URL}/projects/p1/contents/v1`, {
      headers: { authorization: 'Bearer k_a' },
    })
  // The client's waits, as the suite plays them: 0.3, 0.6, 1.2 s, then 30 s.
  for (const wait of [300, 600, 1200, 30_000, 1000]) {
    await get()
    vi.setSystemTime(Date.now() + wait)
  }
  // And a poll every second, ten times, in no real time at all.
  for (let poll = 0; poll < 10; poll++) {
    await get()
    vi.setSystemTime(Date.now() + 1000)
  }
  expect(mock.requests.count({ status: 200 })).toBe(11)
  expect(mock.clientReport().findings).toEqual([])
})
