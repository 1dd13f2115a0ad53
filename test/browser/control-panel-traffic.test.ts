import { expect } from 'vitest'
import {
  ALPHA,
  clean,
  misconduct,
  useControlPanelSuite,
} from '../support/control-panel-page.js'
import { startServer } from '../support/server.js'

// The control panel (`#/control`) in a real Chromium against a real server
// shapes the traffic: presets, custom scenarios, variants,
// the clock, and the journal of what came.

const { itInBrowser, openPanel, startPanel } = useControlPanelSuite()

itInBrowser(
  'applies the rate-limited preset, and a request from the panel and the explorer then show the 429 envelope and Retry-After',
  async () => {
    const { page, watch } = await startPanel()
    await page.click('button[aria-label="Apply rate-limited"]')
    const inForce = page.locator(
      '.scenario-list li[data-scenario="rate-limited"]',
    )
    await expect.poll(() => inForce.textContent()).toContain('answers 429')

    await page.click('#try-title ~ form button[type="submit"]')
    const exchange = page.locator('[data-testid="try-exchange"]')
    await expect.poll(() => exchange.textContent()).toContain('rate_limited')
    expect(await exchange.locator('.status').textContent()).toBe('429')
    expect(await exchange.locator('.exchange-headers').textContent()).toContain(
      'retry-after30',
    )
    // The counters move with the request the panel made.
    await expect
      .poll(() => inForce.locator('.counters').textContent())
      .toBe('matched1fired1remaining∞')

    // The explorer, as the client it is, shows the same.
    await page.click('header >> text=Explorer')
    const projects = page.locator('section', { hasText: 'Projects' })
    await expect
      .poll(() => projects.locator('.exchange .status').last().textContent())
      .toBe('429')
    const received = projects.locator('.exchange').last()
    expect(await received.locator('.exchange-error').textContent()).toContain(
      'rate_limited',
    )
    expect(await received.locator('.exchange-headers').textContent()).toContain(
      'retry-after30',
    )

    await page.click('header >> text=Control panel')
    await page.click('button[aria-label^="Remove rate-limited"]')
    await page.locator('[data-testid="no-scenarios"]').waitFor()
    expect(misconduct(watch, [429])).toEqual(clean)
  },
)

itInBrowser(
  'adds a custom scenario, and shows the server’s message naming every problem of a bad one',
  async () => {
    const { page, watch } = await startPanel()
    const form = page.locator('form', { hasText: 'Custom scenario' })
    await page.fill('#custom-scenario', '{"status": 700, "every": 0}')
    await page.click('button:text-is("Add scenario")')
    const failure = form.locator('.action-failed')
    await expect.poll(() => failure.textContent()).toContain('invalid_scenario')
    const message = await failure.locator('.action-message').textContent()
    expect(message).toContain('"every": Too small')
    expect(message).toContain('"status": Too big')

    await page.fill('#custom-scenario', '{"status": 503,')
    await page.click('button:text-is("Add scenario")')
    await expect
      .poll(() => form.locator('.json-editor [role="alert"]').textContent())
      .toContain('This is not JSON')

    await page.fill(
      '#custom-scenario',
      '{"name": "outage", "status": 503, "retryAfter": 5, "times": 2}',
    )
    await page.click('button:text-is("Add scenario")')
    const added = page.locator('.scenario-list li[data-scenario="outage"]')
    await expect
      .poll(() => added.textContent())
      .toContain('answers 503 with Retry-After: 5 · the next 2 requests')
    expect(await added.locator('.counters').textContent()).toBe(
      'matched0fired0remaining2',
    )
    expect(misconduct(watch, [400])).toEqual(clean)
  },
)

itInBrowser(
  'turns a variant on and off with its switch, and the API answers change with it',
  async () => {
    const { server, page, watch } = await startPanel()
    const variants = async () =>
      (await (await fetch(`${server.adminUrl}/variants`)).json()).variants
    const lenient = page.locator('li[data-variant="lenient-ids"] input')
    await expect
      .poll(() => page.locator('li[data-variant="lenient-ids"]').textContent())
      .toContain('a malformed ID answers 404, not 422')
    expect(await lenient.isChecked()).toBe(false)

    await lenient.check()
    await expect.poll(variants).toEqual(['lenient-ids'])
    const malformed = await fetch(`${server.apiUrl}/projects/not%20an%20id`, {
      headers: ALPHA,
    })
    expect(malformed.status).toBe(404)

    await page.click('li[data-variant="hostile"] input')
    await expect.poll(variants).toEqual(['lenient-ids', 'hostile'])
    // @note The server's state first, the page's after its answer renders.
    const nullable = page.locator('li[data-variant="nullable"] input')
    await expect.poll(() => nullable.isChecked()).toBe(true)
    await expect.poll(() => nullable.isDisabled()).toBe(true)

    await page.click('section[aria-labelledby="variants-title"] button')
    await expect.poll(variants).toEqual([])
    await expect.poll(() => lenient.isChecked()).toBe(false)
    expect(
      (
        await fetch(`${server.apiUrl}/projects/not%20an%20id`, {
          headers: ALPHA,
        })
      ).status,
    ).toBe(422)
    expect(misconduct(watch)).toEqual(clean)
  },
)

itInBrowser(
  'shows the mock time and moves it when the clock is advanced or set',
  async () => {
    await using server = await startServer()
    await fetch(`${server.adminUrl}/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: '2030-01-01T00:00:00Z' }),
    })
    const { page, watch } = await openPanel(server.url)
    const now = page.locator('[data-testid="clock-now"]')
    await expect.poll(() => now.textContent()).toBe('2030-01-01 00:00:00 UTC')
    // A set pauses the clock, and the reading says so.
    const motion = page.locator('#clock-title ~ .clock-now .badge')
    await expect
      .poll(() => motion.textContent(), { timeout: 10_000 })
      .toBe('paused')

    await page.click('button:text-is("+1 h")')
    await expect.poll(() => now.textContent()).toBe('2030-01-01 01:00:00 UTC')
    await page.click('button:text-is("+1 day")')
    await expect.poll(() => now.textContent()).toBe('2030-01-02 01:00:00 UTC')
    await page.fill('input[placeholder^="90s"]', '-90m')
    await page.click('button:text-is("Advance")')
    await expect.poll(() => now.textContent()).toBe('2030-01-01 23:30:00 UTC')
    expect(await (await fetch(`${server.adminUrl}/clock`)).json()).toEqual({
      now: '2030-01-01T23:30:00.000Z',
      speed: 0,
    })

    await page.fill('input[placeholder^="90s"]', 'soon')
    await page.click('button:text-is("Advance")')
    const failure = page.locator('#clock-title ~ .action-failed')
    await expect.poll(() => failure.textContent()).toContain('invalid_clock')

    await page.click('button:text-is("Real date")')
    await expect
      .poll(() => now.textContent())
      .toMatch(new RegExp(`^${new Date().getUTCFullYear()}-`))
    await expect
      .poll(() => motion.textContent(), { timeout: 10_000 })
      .toBe('running')
    // A running clock ticks between readings.
    const shown = await now.textContent()
    await expect
      .poll(() => now.textContent(), { timeout: 10_000 })
      .not.toBe(shown)
    expect(misconduct(watch, [400])).toEqual(clean)
  },
  60_000,
)

itInBrowser(
  'pauses, resumes and changes the speed of the clock, keeping the mock time where it was',
  async () => {
    await using server = await startServer({ speed: 60 })
    const clockUrl = `${server.adminUrl}/clock`
    const read = async () =>
      (await (await fetch(clockUrl)).json()) as { now: string; speed: number }
    const { page, watch } = await openPanel(server.url)
    const motion = page.locator('#clock-title ~ .clock-now .badge')
    const speed = page.locator('[data-testid="clock-speed"]')
    await expect.poll(() => motion.textContent()).toBe('running')
    await expect.poll(() => speed.textContent()).toBe('60×')

    await page.click('button:text-is("Pause")')
    await expect.poll(() => motion.textContent()).toBe('paused')
    const paused = await read()
    expect(paused.speed).toBe(0)
    // Paused: the panel shows the very time the server holds, and it stays.
    const now = page.locator('[data-testid="clock-now"]')
    await expect
      .poll(() => now.getAttribute('datetime'))
      .toBe(new Date(Date.parse(paused.now)).toISOString())
    expect(await speed.count()).toBe(0)
    expect((await read()).now).toBe(paused.now)

    await page.click('button:text-is("Resume")')
    await expect.poll(() => speed.textContent()).toBe('60×')
    const resumed = await read()
    expect(resumed.speed).toBe(60)
    // Continuous: from where it was paused, not ahead by the real time since.
    expect(Date.parse(resumed.now)).toBeGreaterThanOrEqual(
      Date.parse(paused.now),
    )

    await page.click('button:text-is("10×")')
    await expect.poll(() => speed.textContent()).toBe('10×')
    expect(
      await page.locator('button:text-is("10×")').getAttribute('aria-pressed'),
    ).toBe('true')
    const slower = await read()
    expect(slower.speed).toBe(10)
    expect(Date.parse(slower.now)).toBeGreaterThanOrEqual(
      Date.parse(resumed.now),
    )

    await page.click('button:text-is("1×")')
    await expect.poll(() => speed.textContent()).toBe('1×')
    expect((await read()).speed).toBe(1)
    expect(misconduct(watch)).toEqual(clean)
  },
  60_000,
)

itInBrowser(
  'shows a request in the journal as it arrives, filterable and expandable',
  async () => {
    const { server, page, watch } = await startPanel()
    await page.locator('[data-testid="journal-count"]').waitFor()
    await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
    await fetch(`${server.apiUrl}/projects/nope`, { headers: ALPHA })

    // No reload: the journal reads itself again while "Live" is on.
    const entries = page.locator('.journal-entry')
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2)
    expect(await entries.first().locator('summary').textContent()).toContain(
      'GET /public-api/v1/projects/nope',
    )

    await page.fill('.journal input[placeholder="429"]', '200')
    await expect.poll(() => entries.count()).toBe(1)
    const only = entries.first()
    await only.locator('summary').click()
    const fields = await only.locator('.journal-fields').textContent()
    expect(fields).toContain('endpointlistProjects')
    expect(fields).toContain('keyLabelacct_alpha#1')

    await page.click('button:text-is("Clear journal")')
    await expect
      .poll(() => page.locator('[data-testid="journal-count"]').textContent())
      .toBe('No request matches.')
    expect(
      (await (await fetch(`${server.adminUrl}/requests`)).json()).meta.total,
    ).toBe(0)

    await page.fill('.journal input[placeholder="429"]', 'ok')
    const failure = page.locator('.journal .action-failed')
    await expect.poll(() => failure.textContent()).toContain('invalid_filter')
    expect(misconduct(watch, [400])).toEqual(clean)
  },
)
