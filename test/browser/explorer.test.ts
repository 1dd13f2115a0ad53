import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  CHROMIUM_ARGS,
  findSuiteChromium,
  newSuitePage,
  watchPage,
} from '../support/chromium-suite.js'
import { startServer } from '../support/server.js'

// The page at `/` in a real Chromium, served by a real server on 127.0.0.1.
// Skipped with one line without a Chromium, like the other browser suites.

const chromiumPath = findSuiteChromium()
const itInBrowser = it.skipIf(chromiumPath === undefined)

let browser: Browser | undefined

beforeAll(async () => {
  if (chromiumPath === undefined) return
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  })
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

itInBrowser(
  'shows the shell: product name, mode badge with the API base URL, nav',
  async () => {
    await using server = await startServer()
    const page = await newSuitePage(browser!)
    const watch = watchPage(page, server.url)
    await page.goto(`${server.url}/`)
    const header = page.locator('header')
    await expect.poll(() => header.textContent()).toContain('content-api-mock')
    expect(await page.locator('.mode-badge').textContent()).toBe('server')
    expect(await page.locator('.mode-url').textContent()).toBe(server.apiUrl)
    expect(
      await page
        .locator('nav a')
        .evaluateAll((links) =>
          links.map((link) => [
            link.textContent,
            (link as HTMLAnchorElement).getAttribute('href'),
          ]),
        ),
    ).toEqual([
      ['Explorer', '#/'],
      ['Control panel', '#/control'],
      ['API reference', `${server.url}/docs`],
    ])
    await page.click('text=Control panel')
    await expect
      .poll(() => page.locator('main h2').textContent())
      .toBe('Control panel')
    expect(watch).toEqual({ errors: [], foreignRequests: [] })
    await page.context().close()
  },
)
