import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import {
  SCREENSHOT_DIR,
  UPDATE_SCREENSHOTS,
} from '../support/chromium-suite.js'
import { ALPHA, useControlPanelSuite } from '../support/control-panel-page.js'
import {
  expectNoSeriousAxe,
  expectNoSideScroll,
  looksAt,
} from '../support/page-looks.js'
import { startServer } from '../support/server.js'

// The control panel's client report in a real Chromium, served by a real
// server on 127.0.0.1: the findings of a client that broke rules, their
// links into the journal, axe at 390 and 1440 px, light and dark, and the
// screenshots (in the system's temporary folder on every run, in
// docs/screenshots/ with UPDATE_SCREENSHOTS). Skipped with one line without
// a Chromium, like the other browser suites.

const { itInBrowser, openPanel, startPanel } = useControlPanelSuite()
const ALL_SCREENSHOTS = join(tmpdir(), 'content-api-mock-client-report')

/** A client that forgets its key once, calls a path that is not there and retries a 500 at once. */
async function misbehave(apiUrl: string, adminUrl: string): Promise<void> {
  await fetch(`${adminUrl}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ set: '2030-01-01T09:30:00Z' }),
  })
  await fetch(`${apiUrl}/projects`)
  await fetch(`${apiUrl}/project`, { headers: ALPHA })
  await fetch(`${adminUrl}/scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'server-error', times: 3 }),
  })
  for (let attempt = 0; attempt < 4; attempt++) {
    await fetch(`${apiUrl}/projects`, { headers: ALPHA })
  }
}

itInBrowser(
  'lists the findings, errors first, each with its entries, and a link opens the entry in the journal',
  async () => {
    await using server = await startServer()
    await misbehave(server.apiUrl, server.adminUrl)
    const { page, watch } = await openPanel(server.url, { width: 1440 })
    const section = page.locator('section[aria-labelledby="report-title"]')
    await expect
      .poll(() => section.getByTestId('report-summary').textContent())
      .toBe('2 errors and 1 warning in the 6 requests in the journal.')
    const rules = await section
      .locator('.finding')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-rule')),
      )
    expect(rules).toEqual([
      'missing-authorization',
      'unknown-route',
      'retry-without-backoff',
    ])
    const retries = section.locator(
      '.finding[data-rule="retry-without-backoff"]',
    )
    expect(await retries.locator('.finding-head').textContent()).toBe(
      'warningretry-without-backoff×1acct_alpha#1',
    )
    expect(await retries.locator('.finding-entries li').count()).toBe(4)

    // The second resend, #5, shown in the journal: open and focused.
    await retries
      .getByRole('button', { name: 'Show #5 in the journal' })
      .click()
    const focused = page.locator('.journal-entry-focused')
    await expect.poll(() => focused.count()).toBe(1)
    expect(await focused.getAttribute('id')).toBe('journal-entry-5')
    expect(await focused.locator('details').getAttribute('open')).not.toBeNull()
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('li')?.id),
      )
      .toBe('journal-entry-5')
    expect(await page.locator('.journal-focus').textContent()).toContain(
      'The requests of acct_alpha#1 to /public-api/v1/projects, #5 open.',
    )
    await expect.poll(() => page.locator('.journal-entry').count()).toBe(4)
    await page.click('button:text-is("Show every request")')
    await expect.poll(() => page.locator('.journal-entry').count()).toBe(6)

    // Cleared from the journal's section, the report empties too.
    await page.click('button:text-is("Clear journal")')
    await expect
      .poll(() => section.getByTestId('report-summary').textContent())
      .toBe('No request yet: the journal is empty.')
    expect(watch.errors).toEqual([])
    expect(watch.foreignRequests).toEqual([])
  },
  60_000,
)

itInBrowser(
  'fits 390 and 1440 px, light and dark, with no serious axe violation, and saves its screenshots',
  async () => {
    await using server = await startServer()
    await misbehave(server.apiUrl, server.adminUrl)
    await mkdir(ALL_SCREENSHOTS, { recursive: true })
    if (UPDATE_SCREENSHOTS) await mkdir(SCREENSHOT_DIR, { recursive: true })
    for (const look of looksAt()) {
      const { page, watch } = await openPanel(server.url, look)
      const section = page.locator('section[aria-labelledby="report-title"]')
      await expect.poll(() => section.locator('.finding').count()).toBe(3)
      await expectNoSideScroll(page, look)
      await expectNoSeriousAxe(page, look)
      const name = `client-report-${look.width}-${look.colorScheme}.png`
      await section.screenshot({ path: join(ALL_SCREENSHOTS, name) })
      if (UPDATE_SCREENSHOTS) {
        await section.screenshot({ path: join(SCREENSHOT_DIR, name) })
      }
      expect(watch.errors).toEqual([])
      await page.context().close()
    }
  },
  300_000,
)

itInBrowser(
  'is locked until the admin token is given, then reads the report',
  async () => {
    const { page } = await startPanel({ adminToken: 's3cret' }, { width: 390 })
    const section = page.locator('section[aria-labelledby="report-title"]')
    await expect.poll(() => section.textContent()).toContain('Locked.')
    await page.fill('input[type="password"]', 's3cret')
    await page.click('button:text-is("Unlock")')
    await expect
      .poll(() => section.getByTestId('report-summary').textContent())
      .toBe('No request yet: the journal is empty.')
  },
)
