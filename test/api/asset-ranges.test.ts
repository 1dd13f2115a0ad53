import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { expectSameBytes } from '../support/expect-same-bytes.js'
import { startSmallServer } from '../support/server.js'

// Range requests on asset URLs (RFC 9110 section 14): one range at a time,
// anything else answered whole.

const server = await startSmallServer()
afterAll(() => server.close())

const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
  headers: { authorization: 'Bearer k_a' },
})
const { download_url, thumbnail_url } = (await detail.json()).data.content as {
  download_url: string
  thumbnail_url: string
}
// The whole files, as a request without Range gets them.
const VIDEO = await wholeBytesOf(download_url)
const THUMBNAIL = await wholeBytesOf(thumbnail_url)

async function wholeBytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer())
}

async function errorOf(
  response: Response,
): Promise<{ code: string; message: string }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()).error
}

it('answers 206 with the requested bytes for a closed range', async () => {
  const response = await fetch(download_url, {
    headers: { range: 'bytes=0-7' },
  })
  expect(response.status).toBe(206)
  expect(response.headers.get('content-range')).toBe(
    `bytes 0-7/${VIDEO.length}`,
  )
  expect(response.headers.get('content-length')).toBe('8')
  expectSameBytes(await bytesOf(response), VIDEO.subarray(0, 8))
})

it('answers 206 up to the end for an open range and clamps a long one', async () => {
  const size = VIDEO.length
  for (const range of [`bytes=100-`, `bytes=100-${size * 2}`]) {
    const response = await fetch(download_url, { headers: { range } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(
      `bytes 100-${size - 1}/${size}`,
    )
    expectSameBytes(await bytesOf(response), VIDEO.subarray(100))
  }
})

it('answers 206 with the last bytes for a suffix range', async () => {
  const size = THUMBNAIL.length
  const response = await fetch(thumbnail_url, {
    headers: { range: 'bytes=-2' },
  })
  expect(response.status).toBe(206)
  expect(response.headers.get('content-range')).toBe(
    `bytes ${size - 2}-${size - 1}/${size}`,
  )
  expect([...(await bytesOf(response))]).toEqual([0xff, 0xd9]) // JPEG EOI
})

it('answers 416 with the size for a range that starts past the end', async () => {
  const size = VIDEO.length
  for (const range of [`bytes=${size}-`, 'bytes=-0']) {
    const response = await fetch(download_url, { headers: { range } })
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toBe(`bytes */${size}`)
    expect((await errorOf(response)).code).toBe('range_not_satisfiable')
  }
})

it('ignores multiple, malformed and If-Range ranges and answers 200', async () => {
  const cases: Array<Record<string, string>> = [
    { range: 'bytes=0-1,4-5' },
    { range: 'bytes=5-2' },
    { range: 'bytes=abc' },
    { range: 'items=0-1' },
    { range: 'bytes=-' },
    { range: 'bytes=0-1', 'if-range': '"some-etag"' },
  ]
  for (const headers of cases) {
    const response = await fetch(download_url, { headers })
    expect(response.status, JSON.stringify(headers)).toBe(200)
    expectSameBytes(await bytesOf(response), VIDEO)
  }
})

it('answers the same ranges of a media folder file, streamed from disk in chunks', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'content-api-mock-ranges-'))
  try {
    // Over two chunks of the stream (64 KiB), every byte telling its place.
    const size = 200_000
    const file = Uint8Array.from({ length: size }, (_, i) => (i * 7) % 251)
    await writeFile(join(folder, 'm1.mp4'), file)
    await using folderServer = await startSmallServer({
      mediaDir: folder,
    })
    const answer = await fetch(
      `${folderServer.apiUrl}/projects/p1/contents/v1`,
      { headers: { authorization: 'Bearer k_a' } },
    )
    const url = (await answer.json()).data.content.download_url as string
    const cases: Array<[string, number, number]> = [
      ['bytes=0-7', 0, 7],
      ['bytes=65530-65545', 65530, 65545],
      ['bytes=65536-131071', 65536, 131071],
      ['bytes=150000-', 150000, size - 1],
      [`bytes=100-${size * 2}`, 100, size - 1],
      ['bytes=-3', size - 3, size - 1],
    ]
    for (const [range, start, end] of cases) {
      const response = await fetch(url, { headers: { range } })
      expect(response.status, range).toBe(206)
      expect(response.headers.get('content-range')).toBe(
        `bytes ${start}-${end}/${size}`,
      )
      expect(response.headers.get('content-length')).toBe(
        String(end - start + 1),
      )
      expectSameBytes(await bytesOf(response), file.subarray(start, end + 1))
    }
    const whole = await fetch(url, { headers: { range: 'bytes=0-1,4-5' } })
    expect(whole.status).toBe(200)
    expectSameBytes(await bytesOf(whole), file)
    const beyond = await fetch(url, { headers: { range: `bytes=${size}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`)
    expect((await errorOf(beyond)).code).toBe('range_not_satisfiable')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
