import { mkdir } from 'node:fs/promises'
import { expect } from 'vitest'
import {
  SCREENSHOT_DIR,
  UPDATE_SCREENSHOTS,
} from '../support/chromium-suite.js'
import {
  ALPHA,
  clean,
  misconduct,
  useControlPanelSuite,
} from '../support/control-panel-page.js'
import {
  findAxeViolations,
  seriousOnly,
} from '../support/find-axe-violations.js'
import {
  expectNoSeriousAxe,
  expectNoSideScroll,
  looksAt,
} from '../support/page-looks.js'
import { startServer } from '../support/server.js'

// The control panel (`#/control`) in a real Chromium against a real server
// fits 390 and 1440 px, light and dark, with no
// serious axe violation, and is locked without the admin token or a control API.

const { itInBrowser, openPanel, startPanel, watchedPage } =
  useControlPanelSuite()

itInBrowser(
  'puts the editor and the presenter’s controls above the journal, fits 390 and 1440 px with no serious axe violation, and saves screenshots, light and dark',
  async () => {
    await using server = await startServer({
      rateLimit: { limit: 3, window: '1m' },
      variants: ['paginated'],
    })
    // A stopped clock and a known journal, so the pictures show a scene.
    const admin = (path: string, body: unknown) =>
      fetch(`${server.adminUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    await admin('/clock', { set: '2030-01-01T09:30:00Z' })
    await admin('/scenarios', {
      preset: 'slow',
      match: { endpoint: 'getContent' },
    })
    for (let call = 0; call < 4; call++) {
      await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
    }
    if (UPDATE_SCREENSHOTS) await mkdir(SCREENSHOT_DIR, { recursive: true })
    for (const look of looksAt()) {
      const { width, colorScheme } = look
      const { page, watch } = await openPanel(server.url, look)
      await expect.poll(() => page.locator('.journal-entry').count()).toBe(4)
      await expect
        .poll(() => page.locator('.clock-now .badge').textContent(), {
          timeout: 10_000,
        })
        .toBe('paused')
      await page.getByTestId('record-chosen').waitFor()
      // The limit in force, and per key where its count stands: three
      // allowed, the fourth refused, a minute to go on the stopped clock.
      expect(
        await page.locator('.rate-limit p').first().textContent(),
      ).toContain('3 requests per 1m per key')
      expect(await page.locator('.tally tbody tr').first().textContent()).toBe(
        'acct_alpha#10 (429)60 s',
      )
      await expectNoSideScroll(page, look)

      const box = async (title: string) =>
        (await page
          .locator(`section[aria-labelledby="${title}-title"]`)
          .boundingBox())!
      const [editor, clock, scenarios, journal] = await Promise.all(
        ['editor', 'clock', 'scenarios', 'journal'].map(box),
      )
      if (width === 390) {
        // One column: the editor first, every control above the journal.
        expect(editor!.y).toBeLessThan(clock!.y)
        expect(clock!.y).toBeLessThan(journal!.y)
        expect(scenarios!.y).toBeLessThan(journal!.y)
        // The editor begins on the first screen.
        expect(editor!.y).toBeLessThan(900)
      } else {
        // Three columns side by side, starting level, using the width.
        expect(editor!.x).toBeLessThan(scenarios!.x)
        expect(scenarios!.x).toBeLessThan(journal!.x)
        expect(new Set([editor!.y, scenarios!.y])).toHaveLength(1)
        expect(editor!.width).toBeGreaterThan(400)
      }
      await expectNoSeriousAxe(page, look)

      await page.screenshot({
        path: UPDATE_SCREENSHOTS
          ? `${SCREENSHOT_DIR}control-panel-${width}-${colorScheme}.png`
          : undefined,
        fullPage: true,
      })
      expect(misconduct(watch)).toEqual(clean)
      await page.context().close()
    }
  },
  120_000,
)

itInBrowser(
  'has no serious axe violation with the reset dialog open, nor locked',
  async () => {
    const { page, watch } = await startPanel(
      { adminToken: 's3cret' },
      { width: 390 },
    )
    await page.locator('#access-title').waitFor()
    expect(seriousOnly(await findAxeViolations(page))).toEqual([])
    await page.fill('input[type="password"]', 's3cret')
    await page.click('button:text-is("Unlock")')
    await page.locator('.access-open').waitFor()
    await page.click('button:text-is("Reset everything")')
    await page.getByRole('dialog').waitFor()
    expect(seriousOnly(await findAxeViolations(page))).toEqual([])
    expect(misconduct(watch, [401])).toEqual(clean)
  },
)

itInBrowser(
  'is locked and says why without the admin token, and works once it is entered',
  async () => {
    const { server, page, watch } = await startPanel({ adminToken: 's3cret' })
    const locked = page.locator('#access-title')
    await expect.poll(() => locked.textContent()).toContain('locked')
    expect(await page.locator('.access-locked').textContent()).toContain(
      '--admin-token',
    )
    expect(await page.isDisabled('button:text-is("Reset everything")')).toBe(
      true,
    )
    expect(await page.isDisabled('button:text-is("+1 h")')).toBe(true)

    await page.fill('input[type="password"]', 'wrong')
    await page.click('button:text-is("Unlock")')
    await expect
      .poll(() => page.locator('.access-locked [role="alert"]').textContent())
      .toContain('refused this admin token')

    await page.fill('input[type="password"]', 's3cret')
    await page.click('button:text-is("Unlock")')
    await page.click('button[aria-label="Apply server-error"]')
    await page
      .locator('.scenario-list li[data-scenario="server-error"]')
      .waitFor()
    const listed = await fetch(`${server.adminUrl}/scenarios`, {
      headers: { authorization: 'Bearer s3cret' },
    })
    expect((await listed.json()).data[0].name).toBe('server-error')

    // Kept for the tab: a reload stays unlocked; never in localStorage.
    await page.reload()
    await page.locator('.access-open').waitFor()
    // Read aloud as words, not "unlockedThe".
    const status = await page.locator('.access-open').textContent()
    expect(status!.replace(/\s+/g, ' ').trim()).toBe(
      'unlocked The admin token is kept for this tab only (sessionStorage). Forget the token',
    )
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('content-api-mock.adminToken'),
        localStorage.length,
      ]),
    ).toEqual(['s3cret', 0])
    expect(misconduct(watch, [401])).toEqual(clean)
  },
)

itInBrowser(
  'says so when the control API does not answer, as under a static host without it',
  async () => {
    await using server = await startServer()
    const { page, watch } = await watchedPage(server.url)
    await page.route('**/__mock/**', (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    )
    await page.goto(`${server.url}/#/control`)
    const alert = page.locator('.panel[role="alert"]')
    await expect
      .poll(() => alert.textContent())
      .toContain(`GET ${server.adminUrl}/scenarios answered 404`)
    expect(misconduct(watch, [404])).toEqual(clean)
  },
)
