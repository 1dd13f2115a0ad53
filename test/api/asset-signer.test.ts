import { createHmac } from 'node:crypto'
import { expect, it } from 'vitest'
// A unit test of the asset signer and serveAsset on a clock of their own, which
// no entry exports (test/api/assets.test.ts goes through the package).
import {
  ASSET_PATH_PREFIX,
  createAssetSigner,
  type AssetSigner,
  type AssetUrls,
} from '../../src/api/asset-signer.js'
import { serveAsset } from '../../src/api/serve-asset.js'
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import { viewersOf } from '../../src/api/visibility.js'
import { createDataset } from '../../src/data/dataset.js'
import { createBuiltInMedia } from '../../src/media/create-built-in-media.js'
import { expectSameBytes } from '../support/expect-same-bytes.js'

// The asset URLs of a signer on a clock of its own, served by serveAsset over
// an empty dataset.

const ORIGIN = 'http://127.0.0.1:4010'
const START = Date.UTC(2026, 0, 1) // a whole second, so expiry is exact
const TTL_SECONDS = 60
const media = createBuiltInMedia()
const dataset = createDataset(viewersOf)
// What an empty dataset serves for mov_1: its clip, and a card titled by its ID.
const VIDEO = (await media.video('mov_1')).bytes
const THUMBNAIL = (
  await media.thumbnail({
    movieUnique: 'mov_1',
    title: 'mov_1',
    label: 'content-api-mock',
  })
).bytes

function createClockedSigner(secret?: string) {
  const clock = { now: START }
  const signer = createAssetSigner({
    secret,
    ttlSeconds: TTL_SECONDS,
    now: () => clock.now,
  })
  return { clock, signer }
}

/** The URLs a content detail carries: the signer issues them as JSON strings. */
function issueUrls(signer: AssetSigner, movieUnique: string): AssetUrls {
  const json = signer.issueJson(ORIGIN, movieUnique)
  return {
    download_url: JSON.parse(json.download_url),
    thumbnail_url: JSON.parse(json.thumbnail_url),
  }
}

function requestFor(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): ApiRequest {
  const parsed = new URL(url)
  return {
    method: init.method ?? 'GET',
    origin: parsed.origin,
    path: parsed.pathname,
    query: parsed.search.slice(1),
    headers: new Headers(init.headers),
  }
}

function fetchAsset(
  signer: AssetSigner,
  url: string,
  init?: { method?: string; headers?: Record<string, string> },
): Promise<ApiResponse> {
  return serveAsset(
    {
      signer,
      media,
      dataset: () => dataset,
      liveStream: () => undefined,
      now: () => signer.now(),
    },
    requestFor(url, init),
  )
}

function errorOf(response: ApiResponse): {
  code: string
  message: string
} {
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  return JSON.parse(response.body as string).error
}

function bytesOf(response: ApiResponse): Uint8Array {
  expect(response.body).toBeInstanceOf(Uint8Array)
  return response.body as Uint8Array
}

it('issues absolute video and thumbnail URLs under the asset prefix', () => {
  const { signer } = createClockedSigner()
  const urls = issueUrls(signer, 'mov_1')
  const pattern = (file: string) =>
    new RegExp(
      `^${ORIGIN}${ASSET_PATH_PREFIX}mov_1/${file.replace('.', '\\.')}\\?expires=${START / 1000 + TTL_SECONDS}&nonce=[A-Za-z0-9._-]+&signature=[A-Za-z0-9_-]{22}$`,
    )
  expect(urls.download_url).toMatch(pattern('video.mp4'))
  expect(urls.thumbnail_url).toMatch(pattern('thumbnail.jpg'))
})

it('verifies an issued URL and reports its kind, movie and expiry', () => {
  const { signer } = createClockedSigner()
  const { download_url, thumbnail_url } = issueUrls(signer, 'mov_1')
  const video = new URL(download_url)
  const thumbnail = new URL(thumbnail_url)
  expect(signer.verify(video.pathname, video.search.slice(1))).toEqual({
    ok: true,
    kind: 'video',
    movieUnique: 'mov_1',
    expiresAt: START + TTL_SECONDS * 1000,
  })
  expect(signer.verify(thumbnail.pathname, thumbnail.search.slice(1))).toEqual({
    ok: true,
    kind: 'thumbnail',
    movieUnique: 'mov_1',
    expiresAt: START + TTL_SECONDS * 1000,
  })
})

// Each file by its magic bytes: MP4's "ftyp" box at 4, JPEG's SOI marker at 0.
it.each([
  ['MP4', 'download_url', 'video/mp4', VIDEO, 4, [0x66, 0x74, 0x79, 0x70]],
  ['JPEG', 'thumbnail_url', 'image/jpeg', THUMBNAIL, 0, [0xff, 0xd8, 0xff]],
] as const)(
  'serves the real %s behind a valid %s',
  async (_kind, url, type, file, at, magic) => {
    const { signer } = createClockedSigner()
    const response = await fetchAsset(signer, issueUrls(signer, 'mov_1')[url])
    expect(response.status).toBe(200)
    expect(response.headers).toEqual({
      'content-type': type,
      'content-length': String(file.length),
      'accept-ranges': 'bytes',
      'cache-control': `private, max-age=${TTL_SECONDS}`,
    })
    const body = bytesOf(response)
    expectSameBytes(body, file)
    expect([...body.subarray(at, at + magic.length)]).toEqual(magic)
  },
)

it('round-trips a movie ID that needs percent-encoding', () => {
  const { signer } = createClockedSigner()
  const movieUnique = 'mov/ä b?&=#'
  const url = new URL(issueUrls(signer, movieUnique).download_url)
  expect(url.pathname.split('/')).toHaveLength(4)
  expect(signer.verify(url.pathname, url.search.slice(1))).toMatchObject({
    ok: true,
    movieUnique,
  })
})

it('issues different URLs on every call for the same movie', async () => {
  const { signer } = createClockedSigner()
  const first = issueUrls(signer, 'mov_1')
  const second = issueUrls(signer, 'mov_1')
  expect(second.download_url).not.toBe(first.download_url)
  expect(second.thumbnail_url).not.toBe(first.thumbnail_url)
  expect((await fetchAsset(signer, first.download_url)).status).toBe(200)
  expect((await fetchAsset(signer, second.download_url)).status).toBe(200)
})

const tamperings: Array<
  [string, (url: string, thumbnailUrl: string) => string]
> = [
  ['movie ID was changed', (url) => url.replace('/mov_1/', '/mov_2/')],
  [
    'file name was swapped for the thumbnail',
    (url) => url.replace('/video.mp4?', '/thumbnail.jpg?'),
  ],
  [
    'expiry was pushed back',
    (url) =>
      url.replace(
        /expires=(\d+)/,
        (_, s: string) => `expires=${Number(s) + 3600}`,
      ),
  ],
  ['nonce was changed', (url) => url.replace(/nonce=([^&]+)/, 'nonce=$1x')],
  [
    'signature had one character changed',
    (url) =>
      url.replace(
        /signature=(.)/,
        (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
      ),
  ],
  [
    'signature was taken from the thumbnail URL',
    (url, thumbnailUrl) =>
      url.replace(/signature=.*$/, thumbnailUrl.match(/signature=.*$/)![0]),
  ],
  ['signature was truncated', (url) => url.slice(0, -1)],
  ['signature was empty', (url) => url.replace(/signature=.*$/, 'signature=')],
  ['expires is missing', (url) => url.replace(/expires=\d+&/, '')],
  ['nonce is missing', (url) => url.replace(/nonce=[^&]+&/, '')],
  ['signature is missing', (url) => url.replace(/&signature=.*$/, '')],
  ['query is missing', (url) => url.replace(/\?.*$/, '')],
  [
    'expires is not a number',
    (url) => url.replace(/expires=\d+/, 'expires=soon'),
  ],
  ['signature is repeated', (url) => `${url}&signature=AAAA`],
]

it.each(tamperings)(
  'rejects a URL whose %s with 403 asset_url_invalid',
  async (_, tamper) => {
    const { signer } = createClockedSigner()
    const { download_url, thumbnail_url } = issueUrls(signer, 'mov_1')
    const tampered = tamper(download_url, thumbnail_url)
    expect(tampered).not.toBe(download_url)
    const response = await fetchAsset(signer, tampered)
    expect(response.status).toBe(403)
    expect(response.headers['cache-control']).toBe('no-store')
    const error = errorOf(response)
    expect(error.code).toBe('asset_url_invalid')
    expect(error.message).toContain('Fetch the content again')
  },
)

it('rejects a URL issued by a signer with another secret as invalid', async () => {
  const { signer: issuer } = createClockedSigner()
  const { signer: other } = createClockedSigner()
  const response = await fetchAsset(
    other,
    issueUrls(issuer, 'mov_1').download_url,
  )
  expect(response.status).toBe(403)
  expect(errorOf(response).code).toBe('asset_url_invalid')
})

it('accepts a URL issued by another signer that shares a fixed secret', async () => {
  const { signer: issuer } = createClockedSigner('shared secret')
  const { signer: other } = createClockedSigner('shared secret')
  const response = await fetchAsset(
    other,
    issueUrls(issuer, 'mov_1').download_url,
  )
  expect(response.status).toBe(200)
})

it('serves a URL until the last millisecond before it expires', async () => {
  const { clock, signer } = createClockedSigner()
  const url = issueUrls(signer, 'mov_1').download_url
  clock.now = START + TTL_SECONDS * 1000 - 1
  const response = await fetchAsset(signer, url)
  expect(response.status).toBe(200)
  expect(response.headers['cache-control']).toBe('private, max-age=0')
})

it('answers 403 asset_url_expired exactly at the expiry time', async () => {
  const { clock, signer } = createClockedSigner()
  const url = issueUrls(signer, 'mov_1').thumbnail_url
  clock.now = START + TTL_SECONDS * 1000
  const response = await fetchAsset(signer, url)
  expect(response.status).toBe(403)
  const error = errorOf(response)
  expect(error.code).toBe('asset_url_expired')
  expect(error.message).toContain('expired at 2026-01-01T00:01:00.000Z')
  expect(error.message).toContain('Fetch the content again')
})

it('reports a tampered and expired URL as invalid, not expired', async () => {
  const { clock, signer } = createClockedSigner()
  const url = issueUrls(signer, 'mov_1').download_url
  clock.now = START + TTL_SECONDS * 2000
  const response = await fetchAsset(signer, url.replace('/mov_1/', '/mov_2/'))
  expect(errorOf(response).code).toBe('asset_url_invalid')
})

it('answers HEAD with the GET headers and no body', async () => {
  const { signer } = createClockedSigner()
  const url = issueUrls(signer, 'mov_1').download_url
  const get = await fetchAsset(signer, url)
  const head = await fetchAsset(signer, url, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers).toEqual(get.headers)
  expect(head.body).toBeNull()
  const ranged = await fetchAsset(signer, url, {
    method: 'HEAD',
    headers: { range: 'bytes=0-99' },
  })
  expect(ranged.status).toBe(206)
  expect(ranged.headers['content-length']).toBe('100')
  expect(ranged.body).toBeNull()
})

it('answers 405 with Allow for methods other than GET and HEAD', async () => {
  const { signer } = createClockedSigner()
  const url = issueUrls(signer, 'mov_1').download_url
  const response = await fetchAsset(signer, url, { method: 'POST' })
  expect(response.status).toBe(405)
  expect(response.headers.allow).toBe('GET, HEAD')
  expect(errorOf(response).code).toBe('method_not_allowed')
})

it('answers 404 not_found for paths that are not asset URLs', async () => {
  const { signer } = createClockedSigner()
  for (const path of [
    '/__assets/',
    '/__assets/mov_1',
    '/__assets/mov_1/',
    '/__assets//video.mp4',
    '/__assets/mov_1/video.webm',
    '/__assets/mov_1/video.mp4/extra',
    '/__assets/%E0%A4%A/video.mp4',
  ]) {
    const response = await fetchAsset(
      signer,
      `${ORIGIN}${path}?expires=1&nonce=a&signature=b`,
    )
    expect(response.status, path).toBe(404)
    expect(errorOf(response).code).toBe('not_found')
  }
})

it('rejects a ttl that is not a whole number of seconds', () => {
  expect(() =>
    createAssetSigner({ ttlSeconds: 0.5, now: () => START }),
  ).toThrow(/ttlSeconds must be a whole number of seconds/)
})

it('signs each URL with its half of HMAC-SHA-256 over the movie, expiry and nonce, in base64url', () => {
  const { signer } = createClockedSigner('s3cret')
  for (const movieUnique of ['mov_1', 'mov_ü/2']) {
    const urls = issueUrls(signer, movieUnique)
    for (const [url, half] of [
      [urls.download_url, [0, 16]],
      [urls.thumbnail_url, [16, 32]],
    ] as const) {
      const params = new URL(url).searchParams
      const tag = createHmac('sha256', 's3cret')
        .update('content-api-mock/asset-url/v2\n'.padEnd(64, '.'))
        .update(
          `${movieUnique}\n${params.get('expires')}\n${params.get('nonce')}`,
        )
        .digest()
      expect(params.get('signature')).toBe(
        tag.subarray(...half).toString('base64url'),
      )
    }
  }
})
