import { mkdirSync } from 'node:fs'
import type { ContentApiServer } from 'content-api-mock/server'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  SCREENSHOT_DIR,
  UPDATE_SCREENSHOTS,
  useBrowserSuite,
  watchPage,
} from '../support/chromium-suite.js'
import { expectNoSeriousAxe, looksAt } from '../support/page-looks.js'
import { startServer } from '../support/server.js'

// The API reference at /docs in Chromium, against a real server: it draws the
// four operations, its "try it" reaches this server with the tab's key, and
// nothing leaves the page's origin. With UPDATE_SCREENSHOTS=1 (or in CI) it
// writes its screenshots to docs/screenshots/.

const OPERATIONS = [
  ['listProjects', 'List projects', '/projects'],
  ['getProject', 'Get a project', '/projects/{project_unique}'],
  [
    'listContents',
    'List the contents of a project',
    '/projects/{project_unique}/contents',
  ],
  [
    'getContent',
    'Get a content',
    '/projects/{project_unique}/contents/{variation_unique}',
  ],
] as const
const { itInBrowser, hasBrowser, browser } = useBrowserSuite()

let server: (ContentApiServer & AsyncDisposable) | undefined

beforeAll(async () => {
  if (hasBrowser) server = await startServer()
})

afterAll(async () => {
  await server?.close()
})

/** Opens /docs in `page` and waits until the four operations are drawn. */
async function gotoDocs(page: Page): Promise<void> {
  await page.goto(`${server!.url}/docs`)
  await page.waitForFunction(
    (summaries) =>
      summaries.every((summary) =>
        document.body.textContent?.includes(summary),
      ),
    OPERATIONS.map(([, summary]) => summary),
    { timeout: 30_000 },
  )
}

/**
 * Opens /docs in a fresh context and waits until the four operations are
 * drawn. `problems` lists its console errors, page errors and requests to
 * another origin, for the caller to assert empty.
 */
async function openDocs(
  options: BrowserContextOptions & { apiKeyInTab?: string } = {},
): Promise<{ page: Page; problems: string[] }> {
  const { apiKeyInTab, ...contextOptions } = options
  const context = await browser().newContext(contextOptions)
  const page = await context.newPage()
  const watch = watchPage(page, server!.url)
  if (apiKeyInTab !== undefined) {
    await page.addInitScript((key) => {
      sessionStorage.setItem('content-api-mock.apiKey', key)
    }, apiKeyInTab)
  }
  await gotoDocs(page)
  return { page, problems: [...watch.errors, ...watch.foreignRequests] }
}

/** Sends "List projects" from the page's "try it" client; its request and response. */
async function tryListProjects(page: Page) {
  await page
    .getByRole('button', { name: /test request/i })
    .first()
    .click()
  const [response] = await Promise.all([
    page.waitForResponse((response) =>
      response.url().endsWith('/public-api/v1/projects'),
    ),
    page.getByRole('button', { name: /^send/i }).first().click(),
  ])
  return response
}

itInBrowser(
  'draws the four operations of /openapi.json with their paths',
  async () => {
    const { page, problems } = await openDocs()
    const text = await page.evaluate(() => document.body.textContent ?? '')
    for (const [operationId, summary, path] of OPERATIONS) {
      expect(text, operationId).toContain(summary)
      expect(text, operationId).toContain(path)
    }
    expect(problems).toEqual([])
  },
  60_000,
)

itInBrowser(
  'tells the audience what the API does, not how its document is made',
  async () => {
    const { page, problems } = await openDocs()
    const text = await page.evaluate(() => document.body.textContent ?? '')
    expect(text).toContain('Every response body is a JSON envelope.')
    expect(text).not.toMatch(/npm run generate|do not edit|zod/i)
    expect(problems).toEqual([])
  },
  60_000,
)

itInBrowser(
  'has no serious or critical axe violation at 390 and 1440 px, light and dark',
  async () => {
    for (const look of looksAt()) {
      const { page, problems } = await openDocs({
        viewport: { width: look.width, height: 900 },
        colorScheme: look.colorScheme,
      })
      await expectNoSeriousAxe(page, look)
      expect(problems).toEqual([])
      await page.context().close()
    }
  },
  180_000,
)

itInBrowser(
  'arrives compressed: gzip where Chromium accepts it, a quarter of the bytes of the same page uncompressed',
  async () => {
    const received = async (extraHTTPHeaders?: Record<string, string>) => {
      const context = await browser().newContext({ extraHTTPHeaders })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      let bytes = 0
      const encodings: Record<string, string> = {}
      cdp.on('Network.loadingFinished', (event) => {
        bytes += event.encodedDataLength
      })
      cdp.on('Network.responseReceived', (event) => {
        const headers = Object.fromEntries(
          Object.entries(event.response.headers).map(([name, value]) => [
            name.toLowerCase(),
            String(value),
          ]),
        )
        encodings[new URL(event.response.url).pathname] =
          headers['content-encoding'] ?? 'none'
      })
      await gotoDocs(page)
      await context.close()
      return { bytes, encodings }
    }
    const compressed = await received()
    const identity = await received({ 'accept-encoding': 'identity' })
    // The page, its document and every file of the renderer.
    const paths = Object.keys(compressed.encodings)
    expect(paths).toContain('/docs')
    expect(paths).toContain('/openapi.json')
    expect(
      paths.filter((path) => path.startsWith('/__docs/')).length,
    ).toBeGreaterThan(5)
    for (const path of paths) {
      expect(compressed.encodings[path], path).toBe('gzip')
      expect(identity.encodings[path], path).toBe('none')
    }
    expect(compressed.bytes).toBeLessThan(identity.bytes * 0.35)
    expect(compressed.bytes).toBeLessThan(1024 * 1024)
  },
  120_000,
)

itInBrowser.each([
  ['the main key', undefined, 'demo-key-alpha'],
  ['the key the tab chose in the explorer', 'demo-key-beta', 'demo-key-beta'],
])(
  'sends "try it" to this server with %s and shows its 200',
  async (_, apiKeyInTab, key) => {
    const { page, problems } = await openDocs({ apiKeyInTab })
    const response = await tryListProjects(page)
    expect(new URL(response.url()).origin).toBe(server!.url)
    expect(response.request().headers().authorization).toBe(`Bearer ${key}`)
    expect(response.status()).toBe(200)
    expect((await response.json()).meta.total).toBeGreaterThan(0)
    await expect
      .poll(() => page.getByText('200 OK').count(), { timeout: 10_000 })
      .toBeGreaterThan(0)
    expect(problems).toEqual([])
  },
  60_000,
)

itInBrowser(
  'fits 375 and 1440 px in light and dark, following the system',
  async () => {
    if (UPDATE_SCREENSHOTS) mkdirSync(SCREENSHOT_DIR, { recursive: true })
    for (const { width, colorScheme, name } of looksAt([375, 1440])) {
      const { page, problems } = await openDocs({
        viewport: { width, height: width === 375 ? 812 : 900 },
        colorScheme,
      })
      const { scrollWidth, mode } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        mode: document.body.classList.contains('dark-mode') ? 'dark' : 'light',
      }))
      expect(scrollWidth, name).toBeLessThanOrEqual(width)
      expect(mode).toBe(colorScheme)
      if (UPDATE_SCREENSHOTS) {
        await page.screenshot({
          path: `${SCREENSHOT_DIR}api-reference-${width === 375 ? 'mobile' : 'desktop'}-${colorScheme}.png`,
        })
      }
      expect(problems).toEqual([])
      await page.context().close()
    }
  },
  120_000,
)
