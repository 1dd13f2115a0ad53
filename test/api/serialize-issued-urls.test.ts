import { expect, it } from 'vitest'
// A unit test of the signer and the detail's cached template, which no entry exports.
import { createAssetSigner } from '../../src/api/asset-signer.js'
import type { ServedContent } from '../../src/api/content-at.js'
import { serializeContentDetail } from '../../src/api/serialize.js'
import { loadFixture } from '../support/load-fixture.js'

// A content detail's issued asset URLs are written into a cached template
// as JSON strings. The signer quotes them itself when their origin is plain
// ASCII, testing each origin once rather than each URL (issue 11); that must
// not change a single byte, whatever an origin holds, nor when the origin
// changes from one request to the next.

const ORIGINS = [
  'http://127.0.0.1:4010',
  'http://h"st/\\path',
  'http://127.0.0.1:4010/',
  'http://host/\u0001\n\t',
  'http://host/\ud800lone',
  'http://127.0.0.1:4010',
  'http://host/😀 paired',
  'http://host/é\u2028',
  'https://mock.example',
]

it('writes issued URLs as JSON.stringify does, origin after origin', () => {
  const content = loadFixture('small.json').contents.find(
    (item: ServedContent) => item.mode === 'moviemode',
  ) as ServedContent
  const signer = createAssetSigner({ ttlSeconds: 900, now: () => 0 })
  for (const origin of ORIGINS) {
    const json = serializeContentDetail(content, (movieUnique) =>
      signer.issueJson(origin, movieUnique),
    )
    const { download_url, thumbnail_url } = JSON.parse(json).content
    const base = `${origin.replace(/\/$/, '')}/__assets/`
    expect(download_url.slice(0, base.length)).toBe(base)
    expect(thumbnail_url.slice(0, base.length)).toBe(base)
    expect(json).toContain(`"download_url":${JSON.stringify(download_url)},`)
    expect(json).toContain(`"thumbnail_url":${JSON.stringify(thumbnail_url)}`)
    const url = new URL(download_url.slice(base.length), 'http://x/__assets/')
    expect(signer.verify(url.pathname, url.search.slice(1))).toMatchObject({
      ok: true,
      kind: 'video',
    })
  }
})
