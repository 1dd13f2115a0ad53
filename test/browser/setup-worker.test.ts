import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createContentApiMock, DEFAULT_API_KEY } from 'content-api-mock'
import { build } from 'vite'
import { afterAll, beforeAll, expect } from 'vitest'
import { useBrowserSuite, REQUIRE_BROWSER } from '../support/chromium-suite.js'
import {
  serveStaticFolders,
  type StaticServer,
} from '../support/serve-static-folders.js'
import type { PageReport, VideoReport } from './page/main.js'

// The handlers in a real browser: test/browser/page/ is bundled with the built
// package, served on 127.0.0.1 (a secure context, as Service Workers need) and
// opened in Chromium, which runs `setupWorker` and reports back.
//
// Without a Chromium the suite is skipped with one line saying so, unless
// REQUIRE_BROWSER is set (as .ci/run does): then that is a failure, so the
// suite cannot silently stop running in CI.

const { itInBrowser, hasBrowser, browser } = useBrowserSuite()

const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url))
const PACKAGE_ENTRY = fileURLToPath(
  new URL('../../dist/index.js', import.meta.url),
)
const JPEG_MAGIC = [0xff, 0xd8, 0xff]
const CLIP_COUNT = readdirSync(
  fileURLToPath(new URL('../../fixtures/clips/', import.meta.url)),
).filter((name) => name.endsWith('.mp4')).length

let outDir: string | undefined
let site: StaticServer | undefined
let report: PageReport

beforeAll(async () => {
  if (!hasBrowser) return
  outDir = await mkdtemp(join(tmpdir(), 'content-api-mock-page-'))
  await build({
    configFile: false,
    root: PAGE_DIR,
    logLevel: 'warn',
    publicDir: false,
    resolve: {
      alias: [{ find: /^content-api-mock$/, replacement: PACKAGE_ENTRY }],
    },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      // The demo dataset's faker locale makes one large chunk; that is fine.
      chunkSizeWarningLimit: 10_000,
    },
  })
  await copyFile(
    createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'),
    join(outDir, 'mockServiceWorker.js'),
  )
  site = await serveStaticFolders({ '/': outDir })
  const page = await browser().newPage()
  const pageLog: string[] = []
  page.on('console', (message) =>
    pageLog.push(`[console.${message.type()}] ${message.text()}`),
  )
  page.on('pageerror', (error) => pageLog.push(`[pageerror] ${error.message}`))
  await page.goto(`${site.url}/`)
  try {
    report = await page.evaluate(() => window.contentApiMockReport)
  } catch (error) {
    throw new Error(
      `The page test/browser/page/main.ts failed before reporting: ${(error as Error).message}\nPage log:\n${pageLog.join('\n') || '(empty)'}`,
    )
  }
}, 120_000)

afterAll(async () => {
  await site?.[Symbol.asyncDispose]()
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true })
})

itInBrowser(
  'answers the page through the mockServiceWorker.js Service Worker',
  () => {
    expect(report.controller).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/mockServiceWorker\.js$/,
    )
  },
)

itInBrowser(
  'lists the projects of demo-key-alpha with fetch in the browser',
  () => {
    const { status, contentType, body } = report.projects
    expect(status).toBe(200)
    expect(contentType).toBe('application/json; charset=utf-8')
    expect(body.data.length).toBeGreaterThan(0)
    expect(body.meta.total).toBe(body.data.length)
  },
)

itInBrowser(
  'returns a content detail with signed download and thumbnail URLs',
  () => {
    const { status, body } = report.contentDetail
    expect(status).toBe(200)
    expect(body.data.variation_unique).toBe(
      report.contents.body.data[0].variation_unique,
    )
    expect(body.data.content.download_url).toMatch(
      /^https:\/\/api\.example\.com\/.+signature=/,
    )
    expect(body.data.content.thumbnail_url).toMatch(
      /^https:\/\/api\.example\.com\/.+signature=/,
    )
  },
)

itInBrowser('serves the thumbnail_url as a JPEG image', () => {
  const { status, contentType, firstBytes } = report.thumbnail
  expect(status).toBe(200)
  expect(contentType).toBe('image/jpeg')
  expect(firstBytes.slice(0, 3)).toEqual(JPEG_MAGIC)
})

itInBrowser('answers 401 unauthorized to a request without a key', () => {
  const { status, body } = report.withoutKey
  expect(status).toBe(401)
  expect(body.error.code).toBe('unauthorized')
})

itInBrowser(
  'answers 422 to a project id that is not valid percent-encoding (/projects/%zz)',
  () => {
    const { status, body } = report.malformedProjectId
    expect(status).toBe(422)
    expect(body.error.code).toBe('invalid_parameter')
  },
)

itInBrowser(
  'answers a rate-limited scenario with 429 and Retry-After in the browser',
  () => {
    const { status, retryAfter, body } = report.rateLimited
    expect(status).toBe(429)
    expect(retryAfter).toBe('30')
    expect(body.error.code).toBe('rate_limited')
  },
)

itInBrowser(
  'makes fetch reject under a network-error scenario in the browser',
  () => {
    expect(report.networkError).toEqual({ rejected: true, name: 'TypeError' })
  },
)

/**
 * Checks that a `<video>` played; skips the test when the browser itself
 * lacks H.264/AAC.
 */
function expectPlayed(video: VideoReport, ctx: { skip: () => void }): void {
  // @note Playwright's own Chromium builds have no H.264/AAC decoder. The
  // browser says so through canPlayType, which depends on the browser alone,
  // not on the mock: that gap skips this check only, unless REQUIRE_BROWSER
  // is set (CI, with Debian's chromium, which has the decoders).
  if (video.canPlayType === '' && !REQUIRE_BROWSER) {
    console.log(
      `browser video check skipped: Chromium ${browser().version()} cannot play H.264/AAC (its canPlayType answers ""; Playwright's own Chromium builds have no H.264). Set CHROMIUM_PATH to a Chromium with H.264, e.g. Debian's chromium or Google Chrome, to run it.`,
    )
    ctx.skip()
  }
  expect(video, JSON.stringify(video)).toMatchObject({
    canPlayType: 'probably',
    event: 'loadeddata',
    error: null,
  })
  expect(video.width).toBeGreaterThan(0)
  expect(video.duration).toBeGreaterThan(0)
  expect(video.playedTo).toBeGreaterThan(0)
}

itInBrowser(
  'plays the H.264/AAC sample video from download_url in a <video>',
  (ctx) => expectPlayed(report.video, ctx),
)

itInBrowser(
  `plays every one of the ${CLIP_COUNT} sample clips in a <video>`,
  (ctx) => {
    expect(report.clips.map((clip) => clip.sha256).sort()).toHaveLength(
      CLIP_COUNT,
    )
    for (const clip of report.clips) {
      expect(clip.size).toBeLessThan(200_000)
      expectPlayed(clip.video, ctx)
    }
  },
)

itInBrowser(
  'renders a thumbnail with the same bytes in Chromium as in Node',
  async () => {
    const mock = createContentApiMock()
    await mock.ready
    const origin = 'https://api.example.com'
    const detail = mock.handle({
      method: 'GET',
      origin,
      path: `/public-api/v1${report.thumbnail.contentPath}`,
      query: '',
      headers: new Headers({ authorization: `Bearer ${DEFAULT_API_KEY}` }),
    })
    const url = new URL(
      JSON.parse(detail!.body as string).data.content.thumbnail_url,
    )
    const thumbnail = await mock.handleAsset({
      method: 'GET',
      origin,
      path: url.pathname,
      query: url.search.slice(1),
      headers: new Headers(),
    })
    expect(thumbnail!.status).toBe(200)
    const inNode = createHash('sha256')
      .update(thumbnail!.body as Uint8Array)
      .digest('hex')
    expect(report.thumbnail.sha256).toBe(inNode)
  },
)
