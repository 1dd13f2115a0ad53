import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContentApiMock, DEFAULT_API_KEY } from 'content-api-mock'
import { createContentApiServer } from 'content-api-mock/server'
import jpeg from 'jpeg-js'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BASE_URL, useMswServer } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { startServer, startSmallServer } from '../support/server.js'

const server = useMswServer()
const SEED = 7
const MP4_LIMIT = 200_000

/** Lets requests to the servers started here reach them. */
function letLoopbackThrough(): void {
  server.use(http.all(/^http:\/\/127\.0\.0\.1[:/]/, () => passthrough()))
}

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'content-api-mock-media-'))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

interface Issued {
  movieUnique: string
  title: string
  download_url: string
  thumbnail_url: string
}

/** The asset URLs of every moviemode content the key sees, via the API. */
async function issueAll(apiUrl: string, key: string): Promise<Issued[]> {
  const get = async (path: string) => {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(response.status, path).toBe(200)
    return (await response.json()).data
  }
  const issued: Issued[] = []
  for (const project of await get('/projects')) {
    const path = `/projects/${project.project_unique}/contents`
    for (const item of await get(path)) {
      if (item.mode !== 'moviemode') continue
      const detail = await get(`${path}/${item.variation_unique}`)
      issued.push({
        movieUnique: detail.content.movie_unique,
        title: detail.title,
        download_url: detail.content.download_url,
        thumbnail_url: detail.content.thumbnail_url,
      })
    }
  }
  return issued
}

async function download(url: string, type: string): Promise<Uint8Array> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  expect(response.headers.get('content-type')).toBe(type)
  return new Uint8Array(await response.arrayBuffer())
}

const sha256 = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex')

type Decoded = { width: number; data: Uint8Array }

function luminanceOf(image: Decoded, x: number, y: number): number {
  const i = (y * image.width + x) * 4
  return (
    0.299 * image.data[i]! +
    0.587 * image.data[i + 1]! +
    0.114 * image.data[i + 2]!
  )
}

/** Pixels of a rectangle whose luminance passes `test`. */
function countPixels(
  image: Decoded,
  box: { left: number; top: number; right: number; bottom: number },
  test: (luminance: number, x: number, y: number) => boolean,
): number {
  let count = 0
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      if (test(luminanceOf(image, x, y), x, y)) count++
    }
  }
  return count
}

function decode(bytes: Uint8Array) {
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true })
}

it('gives every content a thumbnail of its own: a JPEG of at least 640x360', async () => {
  const mock = createContentApiMock({ seed: SEED })
  server.use(...mock.handlers)
  const issued = await issueAll(BASE_URL, DEFAULT_API_KEY)
  expect(issued.length).toBeGreaterThan(10)
  const hashes = new Set<string>()
  for (const { thumbnail_url } of issued) {
    const bytes = await download(thumbnail_url, 'image/jpeg')
    hashes.add(sha256(bytes))
    const { width, height } = decode(bytes)
    expect(width).toBeGreaterThanOrEqual(640)
    expect(height).toBeGreaterThanOrEqual(360)
  }
  expect(hashes.size).toBe(issued.length)
})

it('serves the same thumbnail and video bytes through the interceptor and the server', async () => {
  const mock = createContentApiMock({ seed: SEED })
  server.use(...mock.handlers)
  const viaInterceptor = (await issueAll(BASE_URL, DEFAULT_API_KEY)).slice(0, 3)
  letLoopbackThrough()
  await using standalone = await startServer({ seed: SEED })
  const viaServer = (await issueAll(standalone.apiUrl, DEFAULT_API_KEY)).slice(
    0,
    3,
  )
  expect(viaServer.map((item) => item.movieUnique)).toEqual(
    viaInterceptor.map((item) => item.movieUnique),
  )
  for (const [i, item] of viaInterceptor.entries()) {
    const other = viaServer[i]!
    expect(sha256(await download(other.thumbnail_url, 'image/jpeg'))).toBe(
      sha256(await download(item.thumbnail_url, 'image/jpeg')),
    )
    expect(sha256(await download(other.download_url, 'video/mp4'))).toBe(
      sha256(await download(item.download_url, 'video/mp4')),
    )
  }
})

it('writes the title on the card: a new title makes a new card whose title area changed', async () => {
  const fixtures = loadFixture('small.json')
  const mock = createContentApiMock({ fixtures })
  server.use(...mock.handlers)
  const before = (await issueAll(BASE_URL, 'k_a')).find(
    (item) => item.movieUnique === 'm1',
  )!
  const first = decode(await download(before.thumbnail_url, 'image/jpeg'))

  fixtures.contents[0].title = 'A completely different title'
  await mock.load(fixtures)
  const after = (await issueAll(BASE_URL, 'k_a')).find(
    (item) => item.movieUnique === 'm1',
  )!
  expect(after.title).toBe('A completely different title')
  const secondBytes = await download(after.thumbnail_url, 'image/jpeg')
  const second = decode(secondBytes)

  // The title sits in the lower half, left-aligned, in white.
  const titleArea = { left: 40, top: 180, right: 600, bottom: 300 }
  const whiteIn = (image: Decoded) =>
    countPixels(image, titleArea, (luminance) => luminance > 235)
  expect(whiteIn(first)).toBeGreaterThan(1500)
  expect(whiteIn(second)).toBeGreaterThan(1500)
  const changed = countPixels(
    second,
    titleArea,
    (luminance, x, y) => Math.abs(luminance - luminanceOf(first, x, y)) > 60,
  )
  expect(changed).toBeGreaterThan(1500)
  // The background is the movie's: away from the text, the cards agree.
  const corner = { left: 0, top: 0, right: 30, bottom: 30 }
  expect(
    countPixels(
      second,
      corner,
      (luminance, x, y) => Math.abs(luminance - luminanceOf(first, x, y)) < 8,
    ),
  ).toBe(900)
  // A URL issued before the change shows the new title too.
  expect(sha256(await download(before.thumbnail_url, 'image/jpeg'))).toBe(
    sha256(secondBytes),
  )
})

it('draws a new card once mock.contents.patch changes the title', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  const find = async () =>
    (await issueAll(BASE_URL, 'k_a')).find((item) => item.movieUnique === 'm1')!
  const before = await download((await find()).thumbnail_url, 'image/jpeg')
  await mock.contents.patch('v1', { title: 'Renamed over the control API' })
  const after = await download((await find()).thumbnail_url, 'image/jpeg')
  expect(sha256(after)).not.toBe(sha256(before))
})

it('draws Greek, Cyrillic and Latin-extended titles, and a title in a script it lacks as "Untitled video"', async () => {
  letLoopbackThrough()
  await using standalone = await startSmallServer()
  const cardOf = async (title: string) => {
    await standalone.mock.contents.patch('v1', { title })
    const item = (await issueAll(standalone.apiUrl, 'k_a')).find(
      (issued) => issued.movieUnique === 'm1',
    )!
    expect(item.title).toBe(title)
    return sha256(await download(item.thumbnail_url, 'image/jpeg'))
  }
  const fallback = await cardOf('Untitled video')
  const boxes = await cardOf('?????? ??? ??????')
  const drawn = new Set([fallback, boxes])
  for (const title of [
    'Καλοκαίρι στην Αθήνα',
    'Летняя коллекция кроссовок',
    'Łódź, Brașov i Škoda: żółć',
  ]) {
    const card = await cardOf(title)
    expect(drawn.has(card), title).toBe(false)
    drawn.add(card)
  }
  // Nothing of it can be drawn: the card says so in words, not boxes.
  expect(await cardOf('東京の春')).toBe(fallback)
})

it('writes their own titles on the cards of contents that live data starts', async () => {
  const mock = createContentApiMock({ seed: SEED, live: true })
  mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
  server.use(...mock.handlers)
  const started = (await issueAll(BASE_URL, DEFAULT_API_KEY))
    .filter((item) => !mock.db.index.contentsByMovie.has(item.movieUnique))
    .slice(0, 3)
  expect(started).toHaveLength(3)
  const cards = new Map<string, string>()
  for (const item of started) {
    cards.set(
      item.movieUnique,
      sha256(await download(item.thumbnail_url, 'image/jpeg')),
    )
  }
  // The same contents as plain fixture records: their cards come from the
  // dataset's index, which draws each with its title and project.
  const frozen = createContentApiMock({ fixtures: mock.exportFixtures() })
  frozen.clock.set(mock.clock.now())
  server.resetHandlers(...frozen.handlers)
  const stored = await issueAll(BASE_URL, DEFAULT_API_KEY)
  for (const item of started) {
    const same = stored.find((other) => other.movieUnique === item.movieUnique)!
    expect(same.title).toBe(item.title)
    expect(sha256(await download(same.thumbnail_url, 'image/jpeg'))).toBe(
      cards.get(item.movieUnique),
    )
  }
})

it('maps contents to six distinct H.264/AAC MP4 clips, each under 200 KB', async () => {
  const mock = createContentApiMock({ seed: SEED, size: { contents: 60 } })
  server.use(...mock.handlers)
  const issued = await issueAll(BASE_URL, DEFAULT_API_KEY)
  const clips = new Map<string, Uint8Array>()
  for (const { download_url } of issued) {
    const bytes = await download(download_url, 'video/mp4')
    clips.set(sha256(bytes), bytes)
  }
  expect(clips.size).toBe(6)
  for (const bytes of clips.values()) {
    expect(bytes.length).toBeLessThan(MP4_LIMIT)
    const text = new TextDecoder('latin1').decode(bytes)
    expect(text.slice(4, 8)).toBe('ftyp')
    // +faststart: the index (moov) comes before the media data (mdat).
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'))
    expect(text).toContain('avc1')
    expect(text).toContain('mp4a')
  }
})

it('serves the files of mediaDir, picked per movie and the same on every request', async () => {
  const directory = await mkdtemp(join(folder, 'both-'))
  const files = {
    'a.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1]),
    'b.JPEG': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 2]),
    'clip.mp4': new Uint8Array([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]),
    'notes.txt': new Uint8Array([0x41]),
  }
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(join(directory, name), bytes)
  }
  letLoopbackThrough()
  await using standalone = await startServer({
    seed: SEED,
    mediaDir: directory,
  })
  const issued = await issueAll(standalone.apiUrl, DEFAULT_API_KEY)
  const served = new Set<string>()
  for (const item of issued) {
    const thumbnail = await download(item.thumbnail_url, 'image/jpeg')
    expect([files['a.jpg'], files['b.JPEG']]).toContainEqual(thumbnail)
    expect(await download(item.thumbnail_url, 'image/jpeg')).toEqual(thumbnail)
    served.add(String(thumbnail[4]))
    expect(await download(item.download_url, 'video/mp4')).toEqual(
      files['clip.mp4'],
    )
  }
  expect(served).toEqual(new Set(['1', '2']))
})

it('serves generated thumbnails when mediaDir holds videos only', async () => {
  const directory = await mkdtemp(join(folder, 'videos-'))
  await writeFile(join(directory, 'only.mp4'), new Uint8Array([1, 2, 3]))
  letLoopbackThrough()
  await using standalone = await startServer({ mediaDir: directory })
  const [item] = await issueAll(standalone.apiUrl, DEFAULT_API_KEY)
  expect(await download(item!.download_url, 'video/mp4')).toEqual(
    new Uint8Array([1, 2, 3]),
  )
  const { width } = decode(await download(item!.thumbnail_url, 'image/jpeg'))
  expect(width).toBe(640)
})

it.each([
  ['a folder that does not exist', 'missing', /no such folder/],
  ['an empty folder', 'empty', /the folder is empty/],
  ['a folder without media', 'text', /holds no \.jpg, \.jpeg or \.mp4 file/],
  ['a file', 'file', /it is a file, not a folder/],
])(
  'refuses %s as mediaDir with one line naming the fix',
  async (_, kind, problem) => {
    const directory = join(folder, `bad-${kind}`)
    if (kind === 'empty' || kind === 'text') await mkdir(directory)
    if (kind === 'text') await writeFile(join(directory, 'a.txt'), 'text')
    if (kind === 'file') await writeFile(directory, 'not a folder')
    const error = await createContentApiServer({
      port: 0,
      mediaDir: directory,
    }).then(
      () => undefined,
      (reason: Error) => reason,
    )
    expect(error?.name).toBe('OptionsError')
    expect(error?.message).toMatch(problem)
    expect(error?.message).toContain('Pass --media-dir')
    expect(error?.message).not.toContain('\n')
  },
)
