import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, it } from 'vitest'
import { findChromium } from './find-chromium.js'

/**
 * Whether the browser suites must run: set in CI (`.ci/run`), where a
 * missing Chromium is a failure, not a skip.
 */
export const REQUIRE_BROWSER = !['', '0', 'false'].includes(
  process.env.REQUIRE_BROWSER ?? '',
)

/**
 * Whether the page suites rewrite the committed screenshots of
 * `SCREENSHOT_DIR`: when asked (`UPDATE_SCREENSHOTS=1`) or in CI.
 * @note Not on every `npm test`: the port in a page's header and the pixels
 * of the fonts differ from run to run, so that would dirty git for nothing.
 */
export const UPDATE_SCREENSHOTS =
  REQUIRE_BROWSER ||
  !['', '0', 'false'].includes(process.env.UPDATE_SCREENSHOTS ?? '')

/** Where the page suites write their screenshots, which the docs show. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../docs/screenshots/', import.meta.url),
)

/** How the browser suites start Chromium: headless, and unable to reach anything but loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // @note Without these, Chromium's own background connections are refused
  // by a closed network, many at a time.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing but loopback resolves: a request the worker let through fails
  // instead of leaving the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

/**
 * The Chromium a browser suite runs in, or undefined (with one line saying
 * why) when there is none and REQUIRE_BROWSER is not set.
 * @throws when REQUIRE_BROWSER is set and no Chromium is found.
 * @example
 * const chromiumPath = findSuiteChromium()
 * const itInBrowser = it.skipIf(chromiumPath === undefined)
 */
export function findSuiteChromium(): string | undefined {
  const search = findChromium()
  if (search.found) return search.path
  if (REQUIRE_BROWSER) {
    throw new Error(
      `REQUIRE_BROWSER is set, but the browser suite cannot run: ${search.reason}. Set CHROMIUM_PATH=/path/to/chrome or install Chromium (on Debian: apt-get install chromium), or unset REQUIRE_BROWSER to skip the suite.`,
    )
  }
  console.log(
    `browser suite skipped: ${search.reason}. Set CHROMIUM_PATH=/path/to/chrome or install Chromium to run it.`,
  )
  return undefined
}

/**
 * What a page did that a product page must not: console errors, uncaught
 * errors, and requests to any origin but its own.
 */
export interface PageWatch {
  /** `[console.error] …` and `[pageerror] …` lines. */
  errors: string[]
  /** URLs requested from another origin. */
  foreignRequests: string[]
}

/**
 * Watches a page for console errors and requests that leave its origin.
 * @example
 * const watch = watchPage(page, server.url)
 * await page.goto(`${server.url}/`)
 * expect(watch).toEqual({ errors: [], foreignRequests: [] })
 */
export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { errors: [], foreignRequests: [] }
  page.on('console', (message) => {
    if (message.type() === 'error') {
      watch.errors.push(`[console.error] ${message.text()}`)
    }
  })
  page.on('pageerror', (error) =>
    watch.errors.push(`[pageerror] ${error.message}`),
  )
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith('data:') || url.startsWith('blob:')) return
    if (new URL(url).origin !== origin) watch.foreignRequests.push(url)
  })
  return watch
}

/**
 * A page of a browser suite in the given color scheme and width.
 * @example
 * const page = await newSuitePage(browser, { width: 375, colorScheme: 'dark' })
 */
export async function newSuitePage(
  browser: Browser,
  options: PageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  })
  return context.newPage()
}

/** What a browser suite works with: see `useBrowserSuite`. */
export interface BrowserSuite {
  /** `it`, skipped (with the one line `findSuiteChromium` prints) without a Chromium. */
  itInBrowser: ReturnType<typeof it.skipIf>
  /** Whether the suite has a Chromium, for a `beforeAll` of its own. */
  hasBrowser: boolean
  /** The suite's Chromium, started before its tests. */
  browser: () => Browser
  /** A fresh page of the given width and scheme, watched against `origin`, not yet navigated. */
  watchedPage: (
    origin: string,
    options?: PageOptions,
  ) => Promise<{ page: Page; watch: PageWatch }>
  /** `watchedPage` of `url`'s origin, navigated to `url`. */
  openPage: (
    url: string,
    options?: PageOptions,
  ) => Promise<{ page: Page; watch: PageWatch }>
}

/** The viewport width and colour scheme of a suite's page. */
export interface PageOptions {
  width?: number
  colorScheme?: 'light' | 'dark'
}

/**
 * The preamble of every browser suite: finds Chromium (skipping the suite
 * with one line without one, failing under REQUIRE_BROWSER), starts one for
 * the suite and closes it after its tests, and opens watched pages, closed
 * after the test that opened them.
 * @example
 * const { itInBrowser, openPage } = useBrowserSuite()
 * itInBrowser('opens the explorer', async () => {
 *   const { page, watch } = await openPage(`${server.url}/`)
 * })
 */
export function useBrowserSuite(): BrowserSuite {
  const chromiumPath = findSuiteChromium()
  const browser = useSuiteBrowser(chromiumPath)
  async function watchedPage(origin: string, options: PageOptions = {}) {
    const page = await newSuitePage(browser(), options)
    return { page, watch: watchPage(page, new URL(origin).origin) }
  }
  return {
    itInBrowser: it.skipIf(chromiumPath === undefined),
    hasBrowser: chromiumPath !== undefined,
    browser,
    watchedPage,
    async openPage(url, options = {}) {
      const opened = await watchedPage(url, options)
      await opened.page.goto(url)
      return opened
    },
  }
}

/**
 * Starts one Chromium for the suite that calls it (before its tests, when
 * there is one) and closes it after them, and the pages of each test after
 * that test; returns a getter for it.
 */
function useSuiteBrowser(chromiumPath: string | undefined): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    if (chromiumPath === undefined) return
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    })
  }, 60_000)
  // A test's pages go with it, so that no test ends with closing them.
  afterEach(async () => {
    await Promise.all(
      browser?.contexts().map((context) => context.close()) ?? [],
    )
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (browser === undefined) throw new Error('No Chromium for this suite.')
    return browser
  }
}
