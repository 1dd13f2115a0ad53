import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { callApi, useMswServer } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { movedTimeMock } from '../support/moved-time-mock.js'

const server = useMswServer()

async function issueUrls(options = {}) {
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    ...options,
  })
  server.use(...mock.handlers)
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  return body.data.content as { download_url: string; thumbnail_url: string }
}

// Each file by its magic bytes: MP4's "ftyp" box at 4, JPEG's SOI marker at 0.
it.each([
  ['MP4', 'download_url', 'video/mp4', 4, [0x66, 0x74, 0x79, 0x70]],
  ['JPEG', 'thumbnail_url', 'image/jpeg', 0, [0xff, 0xd8, 0xff]],
] as const)(
  'serves a real %s at the issued %s',
  async (_kind, url, type, at, magic) => {
    const response = await fetch((await issueUrls())[url])
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(type)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    expect([...bytes.slice(at, at + magic.length)]).toEqual(magic)
  },
)

it('answers a range of the video with 206', async () => {
  const { download_url } = await issueUrls()
  const response = await fetch(download_url, {
    headers: { range: 'bytes=0-99' },
  })
  expect(response.status).toBe(206)
  expect(response.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/)
  expect((await response.arrayBuffer()).byteLength).toBe(100)
})

it('answers 403 asset_url_invalid for a tampered URL', async () => {
  const { download_url } = await issueUrls()
  const tampered = [
    download_url.replace('/m1/', '/m2/'),
    download_url.replace('video.mp4', 'thumbnail.jpg'),
    download_url.replace(
      /expires=(\d+)/,
      (_, n) => `expires=${Number(n) + 3600}`,
    ),
    download_url.replace(/signature=[^&]+/, 'signature=AAAA'),
    download_url.replace(/&signature=[^&]+/, ''),
  ]
  for (const url of tampered) {
    const response = await fetch(url)
    expect(response.status).toBe(403)
    const body = await response.json()
    expect(body.error.code).toBe('asset_url_invalid')
  }
})

it('answers 403 asset_url_expired once the TTL has passed', async () => {
  let now = Date.parse('2025-01-01T00:00:00Z')
  const { download_url } = await issueUrls({ now: () => now, assetTtl: 60 })
  expect((await fetch(download_url)).status).toBe(200)
  now += 61_000
  const response = await fetch(download_url)
  expect(response.status).toBe(403)
  const body = await response.json()
  expect(body.error.code).toBe('asset_url_expired')
  expect(body.error.message).toMatch(/fresh URL|again/)
})

it('rejects a URL signed by another mock instance', async () => {
  const { download_url } = await issueUrls()
  server.use(
    ...createContentApiMock({ fixtures: loadFixture('small.json') }).handlers,
  )
  expect((await fetch(download_url)).status).toBe(403)
})

it('accepts URLs across instances that share an assetSecret', async () => {
  const { download_url } = await issueUrls({ assetSecret: 'shared-secret' })
  server.use(
    ...createContentApiMock({
      fixtures: loadFixture('small.json'),
      assetSecret: 'shared-secret',
    }).handlers,
  )
  expect((await fetch(download_url)).status).toBe(200)
})

it('answers only the configured origin and prefix when baseUrl is set', async () => {
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    baseUrl: 'https://content.example.org/api/public-api/v1/',
  })
  server.use(...mock.handlers)
  const { status, body } = await callApi('/projects/p1/contents/v1', {
    key: 'k_a',
    baseUrl: 'https://content.example.org/api/public-api/v1',
  })
  expect(status).toBe(200)
  expect(new URL(body.data.content.thumbnail_url).origin).toBe(
    'https://content.example.org',
  )
  expect((await fetch(body.data.content.thumbnail_url)).status).toBe(200)
  await expect(
    fetch('https://api.example.com/public-api/v1/projects', {
      headers: { authorization: 'Bearer k_a' },
    }),
  ).rejects.toThrow()
})

// An asset URL lasts its lifetime as a person lives it: at --speed 60 the
// 900 s of the default TTL are 900 real seconds, not 15. The real time is a
// source the test moves (the `now` option) instead of a sleep.

const T0 = Date.parse('2026-01-01T00:00:00Z')
const RANGE = { headers: { range: 'bytes=0-99' } }

it('keeps a URL issued at speed 60 working 60 real seconds later, and expires it on an advance past its lifetime: interceptor', async () => {
  const { mock, real } = movedTimeMock(T0, { speed: 60 })
  server.use(...mock.handlers)
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  const url: string = body.data.content.download_url

  real.now += 60_000 // a real minute: an hour of mock time
  expect(mock.clock.now() - T0).toBe(3_600_000)
  const playing = await fetch(url, RANGE)
  expect(playing.status).toBe(206)
  // max-age counts the real seconds left: 900 - 60.
  expect(playing.headers.get('cache-control')).toBe('private, max-age=840')

  // Paused, the lifetime stands still too.
  mock.clock.pause()
  real.now += 3_600_000
  expect((await fetch(url, RANGE)).status).toBe(206)

  mock.clock.advance(840_000)
  const expired = await fetch(url, RANGE)
  expect(expired.status).toBe(403)
  expect((await expired.json()).error.code).toBe('asset_url_expired')
})

it('counts a lifetime in mock time while the clock runs slower than real time', async () => {
  const { mock, real } = movedTimeMock(T0, {
    speed: 0.5,
    assetTtl: 60,
  })
  server.use(...mock.handlers)
  const { body } = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  const url: string = body.data.content.download_url
  real.now += 119_000 // 59.5 s of mock time
  expect((await fetch(url, RANGE)).status).toBe(206)
  real.now += 1_000
  expect((await fetch(url, RANGE)).status).toBe(403)
})
