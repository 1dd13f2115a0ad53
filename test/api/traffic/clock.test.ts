import { createContentApiMock } from 'content-api-mock'
import { afterEach, expect, it, vi } from 'vitest'
import {
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../../support/api-client.js'
import { loadFixture } from '../../support/load-fixture.js'
import { movedTimeMock } from '../../support/moved-time-mock.js'

const server = useMswServer()

// @note Only `Date` is faked: msw's interceptors keep their real timers.
afterEach(() => {
  vi.useRealTimers()
})

const T0 = Date.parse('2025-01-01T00:00:00Z')
/** One second before k_b of small.json expires. */
const BEFORE_K_B_EXPIRES = '2998-12-31T23:59:59Z'

async function issueDownloadUrl(): Promise<string> {
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  return body.data.content.download_url
}

it('stops at set(), moves by advance() and goes back to its source on reset()', () => {
  const { mock, real } = movedTimeMock(T0)
  const { clock } = mock
  expect(clock.now()).toBe(T0)

  clock.set('2030-06-01T12:00:00Z')
  real.now += 5_000
  expect(new Date(clock.now()).toISOString()).toBe('2030-06-01T12:00:00.000Z')
  clock.advance(61_000)
  expect(new Date(clock.now()).toISOString()).toBe('2030-06-01T12:01:01.000Z')
  clock.set(new Date(T0))
  expect(clock.now()).toBe(T0)
  clock.set(T0 + 1)
  expect(clock.now()).toBe(T0 + 1)

  clock.reset()
  expect(clock.now()).toBe(real.now)
  // Without set(), advance() shifts a clock that keeps following its source.
  clock.advance(1_000)
  real.now += 250
  expect(clock.now()).toBe(real.now + 1_000)
})

it('rejects a time or a step that is not one, with a TypeError', () => {
  const { clock } = createContentApiMock({
    fixtures: loadFixture('small.json'),
  })
  expect(() => clock.set('next tuesday')).toThrow(TypeError)
  expect(() => clock.set('next tuesday')).toThrow(/"next tuesday"/)
  expect(() => clock.set(Number.NaN)).toThrow(TypeError)
  expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(
    /Cannot advance the mock clock/,
  )
})

it('goes back to its source on mock.reset()', async () => {
  const mock = serveSmallDataset(server, { now: () => T0 })
  mock.clock.set('2040-01-01T00:00:00Z')
  await mock.reset()
  expect(mock.clock.now()).toBe(T0)
})

it('expires an API key when the mock clock passes its expires_at', async () => {
  const mock = serveSmallDataset(server)
  mock.clock.set(BEFORE_K_B_EXPIRES)
  expect((await callApi('/projects', { key: 'k_b' })).status).toBe(200)

  mock.clock.advance(1_000)
  const expired = await callApi('/projects', { key: 'k_b' })
  expect(expired.status).toBe(401)
  expect(expired.body.error.message).toMatch(/expired at 2999-01-01T00:00:00Z/)

  mock.clock.set('2020-01-01T00:00:00Z')
  expect((await callApi('/projects', { key: 'k_expired' })).status).toBe(200)
})

it('expires asset URLs on the mock clock', async () => {
  const mock = serveSmallDataset(server, { assetTtl: 60 })
  mock.clock.set(T0)
  const url = await issueDownloadUrl()
  expect((await fetch(url)).status).toBe(200)

  mock.clock.advance(59_999)
  expect((await fetch(url)).status).toBe(200)

  mock.clock.advance(1)
  const expired = await fetch(url)
  expect(expired.status).toBe(403)
  expect((await expired.json()).error.code).toBe('asset_url_expired')
})

it('follows vitest fake timers when no now option is given: key expiry', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(BEFORE_K_B_EXPIRES)
  const mock = serveSmallDataset(server)
  expect(mock.clock.now()).toBe(Date.parse(BEFORE_K_B_EXPIRES))
  expect((await callApi('/projects', { key: 'k_b' })).status).toBe(200)

  vi.advanceTimersByTime(1_000)
  expect((await callApi('/projects', { key: 'k_b' })).status).toBe(401)
})

it('follows vitest fake timers when no now option is given: asset expiry and rate-limit windows', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
  const mock = serveSmallDataset(server, {
    assetTtl: 60,
    rateLimit: { limit: 2, window: '1m' },
  })
  const url = await issueDownloadUrl()
  expect((await fetch(url)).status).toBe(200)
  const limited = await callApi('/projects', { key: 'k_a' })
  expect(limited.headers.get('ratelimit-remaining')).toBe('0')
  vi.advanceTimersByTime(30_000)
  expect(
    (await callApi('/projects', { key: 'k_a' })).headers.get('retry-after'),
  ).toBe('30')

  vi.advanceTimersByTime(30_000)
  expect((await fetch(url)).status).toBe(403)
  const next = await callApi('/projects', { key: 'k_a' })
  expect(next.status).toBe(200)
  expect(mock.requests.list().at(-1)?.time).toBe('2025-01-01T00:01:00.000Z')
})

it('takes fake timers and its own advance() together', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
  const mock = serveSmallDataset(server)
  mock.clock.advance(60_000)
  vi.advanceTimersByTime(1_000)
  expect(mock.clock.now()).toBe(T0 + 61_000)
  await callApi('/projects', { key: 'k_a' })
  expect(mock.requests.list()[0]?.time).toBe('2025-01-01T00:01:01.000Z')
})
