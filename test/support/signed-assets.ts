// The signer and serveAsset are internal: the tests that use this drive them
// on a clock of their own, which no entry can.
import type { ApiRequest, ApiResponse } from '../../src/api/types.js'
import { expect } from 'vitest'
import {
  createAssetSigner,
  type AssetSigner,
} from '../../src/api/asset-signer.js'
import { serveAsset } from '../../src/api/serve-asset.js'
import { viewersOf } from '../../src/api/visibility.js'
import { createDataset } from '../../src/data/dataset.js'
import { createBuiltInMedia } from '../../src/media/create-built-in-media.js'

// The asset URLs of a signer on a clock of its own, served by serveAsset over
// an empty dataset: what test/asset-signer.test.ts requests.

export const ORIGIN = 'http://127.0.0.1:4010'
export const START = Date.UTC(2026, 0, 1) // a whole second, so expiry is exact
export const TTL_SECONDS = 60
const media = createBuiltInMedia()
const dataset = createDataset(viewersOf)
// What an empty dataset serves for mov_1: its clip, and a card titled by its ID.
export const VIDEO = (await media.video('mov_1')).bytes
export const THUMBNAIL = (
  await media.thumbnail({
    movieUnique: 'mov_1',
    title: 'mov_1',
    label: 'content-api-mock',
  })
).bytes

export function createClockedSigner(secret?: string) {
  const clock = { now: START }
  const signer = createAssetSigner({
    secret,
    ttlSeconds: TTL_SECONDS,
    now: () => clock.now,
  })
  return { clock, signer }
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

export function fetchAsset(
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

export function errorOf(response: ApiResponse): {
  code: string
  message: string
} {
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  return JSON.parse(response.body as string).error
}

export function bytesOf(response: ApiResponse): Uint8Array {
  expect(response.body).toBeInstanceOf(Uint8Array)
  return response.body as Uint8Array
}
