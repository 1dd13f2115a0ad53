import { expect, it } from 'vitest'
import type { ServedContent } from '../src/api/content-at.js'
import { serializeContentDetail } from '../src/api/serialize.js'
import { loadFixture } from './support/load-fixture.js'

// A content detail's issued asset URLs are written into a cached template
// as JSON strings; plain ones are quoted without JSON.stringify (issue 11),
// which must not change a single byte, whatever an origin holds.

const URLS = [
  'http://127.0.0.1:4010/__assets/m1/video.mp4?expires=1&nonce=a.0&signature=x',
  'http://h"st/\\path',
  'http://host/\u0001\n\t',
  'http://host/\ud800lone',
  'http://host/😀 paired',
  'http://host/é\u2028',
]

it.each(URLS)('writes the issued URL %j as JSON.stringify does', (url) => {
  const content = loadFixture('small.json').contents[0] as ServedContent
  const json = serializeContentDetail(content, () => ({
    download_url: url,
    thumbnail_url: 'http://host/thumbnail.jpg',
  }))
  expect(json).toContain(`"download_url":${JSON.stringify(url)},`)
  expect(JSON.parse(json).content.download_url).toBe(url)
})
