import { expect, it } from 'vitest'
import {
  bytesOf,
  createClockedSigner,
  errorOf,
  expectSameBytes,
  fetchAsset,
  ORIGIN,
  THUMBNAIL,
  VIDEO,
} from './support/signed-assets.js'

// Range requests on asset URLs (RFC 9110 section 14): one range at a time,
// anything else answered whole.

it('answers 206 with the requested bytes for a closed range', async () => {
  const { signer } = createClockedSigner()
  const url = signer.issueUrls(ORIGIN, 'mov_1').download_url
  const response = await fetchAsset(signer, url, {
    headers: { range: 'bytes=0-7' },
  })
  expect(response.status).toBe(206)
  expect(response.headers['content-range']).toBe(`bytes 0-7/${VIDEO.length}`)
  expect(response.headers['content-length']).toBe('8')
  expectSameBytes(bytesOf(response), VIDEO.subarray(0, 8))
})

it('answers 206 up to the end for an open range and clamps a long one', async () => {
  const { signer } = createClockedSigner()
  const url = signer.issueUrls(ORIGIN, 'mov_1').download_url
  const size = VIDEO.length
  for (const range of [`bytes=100-`, `bytes=100-${size * 2}`]) {
    const response = await fetchAsset(signer, url, { headers: { range } })
    expect(response.status).toBe(206)
    expect(response.headers['content-range']).toBe(
      `bytes 100-${size - 1}/${size}`,
    )
    expectSameBytes(bytesOf(response), VIDEO.subarray(100))
  }
})

it('answers 206 with the last bytes for a suffix range', async () => {
  const { signer } = createClockedSigner()
  const url = signer.issueUrls(ORIGIN, 'mov_1').thumbnail_url
  const size = THUMBNAIL.length
  const response = await fetchAsset(signer, url, {
    headers: { range: 'bytes=-2' },
  })
  expect(response.status).toBe(206)
  expect(response.headers['content-range']).toBe(
    `bytes ${size - 2}-${size - 1}/${size}`,
  )
  expect([...bytesOf(response)]).toEqual([0xff, 0xd9]) // JPEG EOI
})

it('answers 416 with the size for a range that starts past the end', async () => {
  const { signer } = createClockedSigner()
  const url = signer.issueUrls(ORIGIN, 'mov_1').download_url
  const size = VIDEO.length
  for (const range of [`bytes=${size}-`, 'bytes=-0']) {
    const response = await fetchAsset(signer, url, { headers: { range } })
    expect(response.status).toBe(416)
    expect(response.headers['content-range']).toBe(`bytes */${size}`)
    expect(errorOf(response).code).toBe('range_not_satisfiable')
  }
})

it('ignores multiple, malformed and If-Range ranges and answers 200', async () => {
  const { signer } = createClockedSigner()
  const url = signer.issueUrls(ORIGIN, 'mov_1').download_url
  const cases: Array<Record<string, string>> = [
    { range: 'bytes=0-1,4-5' },
    { range: 'bytes=5-2' },
    { range: 'bytes=abc' },
    { range: 'items=0-1' },
    { range: 'bytes=-' },
    { range: 'bytes=0-1', 'if-range': '"some-etag"' },
  ]
  for (const headers of cases) {
    const response = await fetchAsset(signer, url, { headers })
    expect(response.status, JSON.stringify(headers)).toBe(200)
    expectSameBytes(bytesOf(response), VIDEO)
  }
})
