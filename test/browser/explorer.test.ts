import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import {
  REQUIRE_BROWSER,
  useBrowserSuite,
  type PageOptions,
  type PageWatch,
} from '../support/chromium-suite.js'
import { startServer } from '../support/server.js'

// The explorer at `/` in a real Chromium, served by a real server on
// 127.0.0.1: the walk key → project → content, the media, live updates,
// and what every product page owes (no console error, no request to another
// origin, no horizontal scroll at 375 px). Skipped with one line without a
// Chromium, like the other browser suites.

const { itInBrowser, browser, openPage, watchedPage } = useBrowserSuite()

/** Opens `/` of a server in a fresh page, watched. */
function openExplorer(url: string, options: PageOptions = {}) {
  return openPage(`${url}/`, options)
}

/** The href of the first project card that lists contents. */
async function projectWithContents(page: Page): Promise<string> {
  const find = () =>
    page.locator('.project-card').evaluateAll((cards) => {
      const card = cards.find((element) =>
        /^[1-9]\d* contents?$/.test(
          element.querySelector('.badge-muted')?.textContent ?? '',
        ),
      )
      return (
        card?.querySelector('.card-title a')?.getAttribute('href') ?? undefined
      )
    })
  await expect.poll(find).toMatch(/^#\/projects\//)
  return (await find())!
}

/**
 * Checks that no request left the page's origin and that the console shows
 * no error but Chromium's own line for each API answer with `status` (e.g.
 * `401 (Unauthorized)`), which the page shows as an answer, not an error.
 */
function expectClean(watch: PageWatch, status?: string): void {
  expect(watch.foreignRequests).toEqual([])
  expect(
    watch.errors.filter(
      (line) => status === undefined || !line.includes(status),
    ),
  ).toEqual([])
}

/** The projects panel, once its request answered `status`. */
async function projectsPanelAnswering(page: Page, status: string) {
  const panel = page.locator('section', { hasText: 'Projects' })
  await expect
    .poll(() => panel.locator('.exchange .status').last().textContent())
    .toBe(status)
  return panel
}

itInBrowser(
  'shows the shell: product name, mode badge with the API base URL, nav',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openExplorer(server.url)
    await expect
      .poll(() => page.locator('header').textContent())
      .toContain('content-api-mock')
    expect(await page.locator('.mode-badge').textContent()).toBe('server')
    expect(await page.locator('.mode-url').textContent()).toBe(server.apiUrl)
    expect(
      await page
        .locator('header nav a')
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
    await page.click('header >> text=Control panel')
    await expect
      .poll(() => page.locator('main h1').textContent())
      .toBe('Control panel')
    expectClean(watch)
  },
)

itInBrowser(
  'walks key → project → content: the video plays and the thumbnail loads',
  async (ctx) => {
    await using server = await startServer()
    const { page, watch } = await openExplorer(server.url)
    // The main key is chosen, so the first view already lists its projects.
    await expect
      .poll(() =>
        page.locator('input[name="api-key"]:checked').getAttribute('value'),
      )
      .toBe('demo-key-alpha')
    expect(
      await page
        .locator('.key-option', { hasText: 'demo-key-expired' })
        .textContent(),
    ).toContain('expired')
    await page.click(`a[href="${await projectWithContents(page)}"]`)
    const firstContent = page.locator('.content-card .card-title a').first()
    await firstContent.click()
    const video = page.locator('video.content-video')
    await video.waitFor()
    const canPlay = await video.evaluate((element: HTMLVideoElement) =>
      element.canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'),
    )
    const thumbnail = page.locator('.content-thumbnail img')
    await expect
      .poll(() =>
        thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0)
    if (canPlay === '' && !REQUIRE_BROWSER) {
      console.log(
        `explorer video check skipped: Chromium ${browser().version()} cannot play H.264/AAC.`,
      )
      ctx.skip()
    }
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true
      return element.play()
    })
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => ({
          readyState: element.readyState,
          playing: element.currentTime > 0,
        })),
      )
      .toEqual({ readyState: 4, playing: true })
    expectClean(watch)
  },
)

itInBrowser(
  'is usable with the keyboard: Tab reaches a project and Enter opens it',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openExplorer(server.url)
    const href = await projectWithContents(page)
    let focused: string | null = null
    for (let presses = 0; presses < 60 && focused !== href; presses++) {
      await page.keyboard.press('Tab')
      focused = await page.evaluate(
        () => document.activeElement?.getAttribute('href') ?? null,
      )
    }
    expect(focused).toBe(href)
    // The focused link is visibly marked (:focus-visible outline).
    expect(
      await page.evaluate(
        () => getComputedStyle(document.activeElement!).outlineStyle,
      ),
    ).toBe('solid')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(href)
    await page.locator('.content-card').first().waitFor()
    expectClean(watch)
  },
)

itInBrowser(
  'shows a typed-in unknown key’s 401 envelope as received',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openExplorer(server.url)
    await page.fill('#typed-key', 'no-such-key')
    await page.click('text=Use this key')
    const panel = await projectsPanelAnswering(page, '401')
    expect(await panel.locator('.exchange-error').textContent()).toContain(
      'unauthorized',
    )
    expect(await panel.locator('.curl code').last().textContent()).toContain(
      `-H 'Authorization: Bearer no-such-key'`,
    )
    expectClean(watch, '401 (Unauthorized)')
  },
)

itInBrowser(
  'shows the 429 envelope and Retry-After under a rate-limited preset',
  async () => {
    await using server = await startServer()
    const applied = await fetch(`${server.adminUrl}/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'rate-limited' }),
    })
    expect(applied.status).toBe(201)
    const { page, watch } = await openExplorer(server.url)
    const panel = await projectsPanelAnswering(page, '429')
    expect(await panel.locator('.exchange-error').textContent()).toContain(
      'rate_limited',
    )
    expect(
      await panel.locator('.exchange-headers').last().textContent(),
    ).toContain('retry-after30')
    expectClean(watch, '429 (Too Many Requests)')
  },
)

itInBrowser(
  'keeps the admin token to the control panel: the explorer shows data at once, asks the control API nothing, says why in its folded key chooser, and takes a typed key',
  async () => {
    await using server = await startServer({ adminToken: 'secret-token' })
    const { page, watch } = await watchedPage(server.url)
    const controlRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(server.adminUrl))
        controlRequests.push(request.url())
    })
    await page.goto(`${server.url}/`)
    // The main key from the page config is chosen all the same.
    await expect
      .poll(() => page.locator('.project-card').count())
      .toBeGreaterThan(0)
    const chooser = page.locator('details.key-chooser')
    expect(
      await chooser.evaluate((element: HTMLDetailsElement) => element.open),
    ).toBe(false)
    const hint = page.locator('.key-chooser .key-hint')
    expect(await hint.isVisible()).toBe(false)
    expect((await hint.textContent())?.replace(/\s+/g, ' ')).toContain(
      'needs the admin token (the server runs with --admin-token)',
    )
    expect(await page.locator('input[name="api-key"]').count()).toBe(0)
    await chooser.locator('summary').click()
    expect(await hint.isVisible()).toBe(true)
    await page.fill('#typed-key', 'demo-key-beta')
    await page.click('text=Use this key')
    await expect
      .poll(() => page.locator('.curl code').last().textContent())
      .toContain('Bearer demo-key-beta')
    expect(
      (await page.locator('.key-current').textContent())?.replace(/\s+/g, ' '),
    ).toContain('Sending Authorization: Bearer demo-key-beta')
    expect(controlRequests).toEqual([])
    expectClean(watch)
  },
)

itInBrowser(
  'moves a progress bar and shows new contents without a reload when the clock advances (--live)',
  async () => {
    await using server = await startServer({ live: true })
    const { page, watch } = await openExplorer(server.url)
    await page.click(`a[href="${await projectWithContents(page)}"]`)
    const bars = page.locator('.content-card [role="progressbar"]')
    await bars.first().waitFor()
    const before = await bars.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-valuetext')),
    )
    await page.evaluate(() => {
      ;(window as { notReloaded?: boolean }).notReloaded = true
    })
    const advanced = await fetch(`${server.adminUrl}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A new content starts every 2 to 4 minutes, a step takes 50 to 90 s.
      body: JSON.stringify({ advance: '10m' }),
    })
    expect(advanced.status).toBe(200)
    await expect
      .poll(
        () =>
          bars.evaluateAll((elements) =>
            elements.map((element) => element.getAttribute('aria-valuetext')),
          ),
        // @note Generous: on a loaded CI machine the page's 3 s polls queue
        // behind its thumbnail and detail requests.
        { timeout: 45_000 },
      )
      .not.toEqual(before)
    // The list's own poll brings the new contents, maybe after the bars moved.
    await expect
      .poll(() => page.locator('.content-card.content-new').count(), {
        timeout: 45_000,
      })
      .toBeGreaterThan(0)
    expect(
      await page.evaluate(
        () => (window as { notReloaded?: boolean }).notReloaded,
      ),
    ).toBe(true)
    expectClean(watch)
  },
  60_000,
)
