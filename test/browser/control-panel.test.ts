import { mkdir, readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import {
  useBrowserSuite,
  newSuitePage,
  SCREENSHOT_DIR,
  UPDATE_SCREENSHOTS,
  watchPage,
  type PageWatch,
} from '../support/chromium-suite.js'
import {
  findAxeViolations,
  seriousOnly,
} from '../support/find-axe-violations.js'
import { startServer } from '../support/server.js'

// The control panel at `#/control` in a real Chromium, served by a real
// server on 127.0.0.1, driving the control API as a person would.
// Skipped with one line without a Chromium, like the other browser suites.

const { itInBrowser, browser } = useBrowserSuite()
const ALPHA = { authorization: 'Bearer demo-key-alpha' }

/** Opens the control panel of `origin` and watches the page. */
async function openPanel(
  origin: string,
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; watch: PageWatch }> {
  const page = await newSuitePage(browser(), options)
  const watch = watchPage(page, origin)
  await page.goto(`${origin}/#/control`)
  await page.locator('h1', { hasText: 'Control panel' }).waitFor()
  return { page, watch }
}

/**
 * What the page did that it must not: requests to other origins, and console
 * errors other than Chromium's own line for an HTTP error the test provoked
 * on purpose (`Failed to load resource: … status of 400`).
 */
function misconduct(watch: PageWatch, provoked: number[] = []) {
  const errors = watch.errors.filter((line) => {
    const status =
      /Failed to load resource: the server responded with a status of (\d+)/.exec(
        line,
      )?.[1]
    return status === undefined || !provoked.includes(Number(status))
  })
  return { errors, foreignRequests: watch.foreignRequests }
}

const clean = { errors: [], foreignRequests: [] }

itInBrowser(
  'applies the rate-limited preset, and a request from the panel and the explorer then show the 429 envelope and Retry-After',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
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
    await page.context().close()
  },
)

itInBrowser(
  'adds a custom scenario, and shows the server’s message naming every problem of a bad one',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
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
    await page.context().close()
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
    await page.context().close()
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
    await page.context().close()
  },
  60_000,
)

itInBrowser(
  'shows a request in the journal as it arrives, filterable and expandable',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
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
    await page.context().close()
  },
)

itInBrowser(
  'downloads the fixture document, lists every bad path of an upload without loading it, loads a good one, resets',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
    const download = page.waitForEvent('download')
    await page.click('button:text-is("Download fixtures.json")')
    const saved = await (await download).path()
    const document = JSON.parse(await readFile(saved, 'utf8'))
    expect(document.projects).toHaveLength(8)

    const bad = structuredClone(document)
    bad.projects[0].project_unique = 7
    bad.contents[0].progress.step_process = -1
    await page.setInputFiles('[data-testid="fixture-upload"]', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    })
    const issues = page.locator('.issues li code')
    await expect
      .poll(() => issues.allTextContents())
      .toEqual([
        'projects[0].project_unique',
        'contents[0].progress.step_process',
      ])
    const health = await (await fetch(`${server.adminUrl}/health`)).json()
    expect(health).toMatchObject({ projects: 8, contents: 40 })

    document.projects = document.projects.slice(0, 1)
    document.contents = document.contents.filter(
      (content: { project_unique: string }) =>
        content.project_unique === document.projects[0].project_unique,
    )
    await page.setInputFiles('[data-testid="fixture-upload"]', {
      name: 'one-project.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(document)),
    })
    const loaded = page.locator('.action-ok', { hasText: 'Loaded' })
    await expect
      .poll(() => loaded.textContent())
      .toContain(`Loaded one-project.json: 1 projects`)

    // Reset asks first: Cancel (which has the focus) changes nothing.
    await page.click('button:text-is("Reset everything")')
    const dialog = page.getByRole('dialog', { name: 'Reset everything?' })
    await dialog.waitFor()
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
    ).toBe('Cancel')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(
      await (await fetch(`${server.adminUrl}/health`)).json(),
    ).toMatchObject({ projects: 1 })
    // Escape cancels too.
    await page.click('button:text-is("Reset everything")')
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(
      await (await fetch(`${server.adminUrl}/health`)).json(),
    ).toMatchObject({ projects: 1 })

    // Confirmed, reset puts back the data the server started with.
    await page.click('button:text-is("Reset everything")')
    await dialog.getByRole('button', { name: 'Reset everything' }).click()
    await page
      .locator('.action-ok', { hasText: 'Reset: the start data' })
      .waitFor()
    const reset = await (await fetch(`${server.adminUrl}/health`)).json()
    expect(reset).toMatchObject({ projects: 8, contents: 40 })
    expect(misconduct(watch, [400])).toEqual(clean)
    await page.context().close()
  },
)

itInBrowser(
  'patches one record, and names every bad path of a patch that changes nothing',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    await expect.poll(() => editor.locator('datalist option').count()).toBe(40)
    // The first content is chosen once the list has arrived.
    const picker = editor.getByRole('combobox', { name: 'Content' })
    await expect.poll(() => picker.inputValue()).not.toBe('')
    const id = await picker.inputValue()
    await editor.getByTestId('record-chosen').waitFor()

    await page.fill(
      '#record-patch',
      '{"project_unique": "nope", "progress": {"step_process": -1}}',
    )
    await page.click('button:text-is("Apply patch")')
    const issues = page.locator('.issues li code')
    await expect
      .poll(() => issues.allTextContents())
      .toEqual(['project_unique', 'progress.step_process'])

    await page.fill('#record-patch', '{"title": "Patched from the panel"}')
    await page.click('button:text-is("Apply patch")')
    await page.locator('.action-ok', { hasText: 'Patched content' }).waitFor()
    const stored = await (
      await fetch(`${server.adminUrl}/contents/${id}`)
    ).json()
    expect(stored.data.title).toBe('Patched from the panel')
    expect(misconduct(watch, [400])).toEqual(clean)
    await page.context().close()
  },
)

itInBrowser(
  'finds a record by part of its title or its ID in the picker, from the keyboard',
  async () => {
    await using server = await startServer()
    const contents = (await (await fetch(`${server.adminUrl}/contents`)).json())
      .data as { variation_unique: string; title: string }[]
    const { page, watch } = await openPanel(server.url)
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    const picker = editor.getByRole('combobox', { name: 'Content' })
    const status = editor.getByTestId('picker-status')
    await expect
      .poll(() => status.textContent())
      .toContain('40 content records')

    // A word of one title: the matches are counted, Enter takes the first.
    const wanted = contents[7]!
    const word = wanted.title.split(' ').find((part) => part.length > 4)!
    const matching = contents.filter((content) =>
      content.title.toLowerCase().includes(word.toLowerCase()),
    )
    await picker.click()
    await picker.fill('')
    await page.keyboard.type(word)
    await expect
      .poll(() => status.textContent())
      .toContain(
        matching.length === 1
          ? `One match: ${matching[0]!.title}`
          : `${matching.length} of 40 match “${word}”`,
      )
    await page.keyboard.press('Enter')
    const chosen = editor.getByTestId('record-chosen')
    await expect
      .poll(() => chosen.textContent())
      .toContain(matching[0]!.variation_unique)

    // An ID typed in full is taken as it is.
    await picker.fill(wanted.variation_unique)
    await expect
      .poll(() => chosen.textContent())
      .toContain(`${wanted.title} ${wanted.variation_unique}`)
    expect(await editor.getByTestId('record-name').inputValue()).toBe(
      wanted.title,
    )

    await picker.fill('no such title anywhere')
    await expect
      .poll(() => status.textContent())
      .toBe('No content matches “no such title anywhere”.')
    expect(misconduct(watch)).toEqual(clean)
    await page.context().close()
  },
)

itInBrowser(
  'opens the editor on the record of #/control/edit/<kind>/<id>, and a title saved there shows in the explorer',
  async () => {
    await using server = await startServer()
    const [project] = (
      await (
        await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
      ).json()
    ).data
    const [content] = (
      await (
        await fetch(
          `${server.apiUrl}/projects/${project.project_unique}/contents`,
          { headers: ALPHA },
        )
      ).json()
    ).data
    const page = await newSuitePage(browser())
    const watch = watchPage(page, server.url)
    const contentRoute = `#/projects/${project.project_unique}/contents/${content.variation_unique}`
    await page.goto(`${server.url}/${contentRoute}`)
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(content.title)

    // The explorer's Edit link when it has one, else its URL.
    const edit = page.locator(
      `a[href="#/control/edit/contents/${content.variation_unique}"]`,
    )
    if ((await edit.count()) > 0) await edit.first().click()
    else
      await page.goto(
        `${server.url}/#/control/edit/contents/${content.variation_unique}`,
      )
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    await expect
      .poll(() => editor.getByTestId('record-chosen').textContent())
      .toContain(content.variation_unique)
    // The editor has the focus, in view, so a keyboard goes on from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      'editor-title',
    )
    const name = editor.getByTestId('record-name')
    expect(await name.inputValue()).toBe(content.title)
    await name.fill('Renamed live for the demo')
    await editor.getByRole('button', { name: 'Save title' }).click()
    await editor.locator('.action-ok', { hasText: 'Saved' }).waitFor()

    await page.goto(`${server.url}/${contentRoute}`)
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Renamed live for the demo')

    // A project opens the same way, by its own kind.
    await page.goto(
      `${server.url}/#/control/edit/projects/${project.project_unique}`,
    )
    await expect
      .poll(() => editor.getByTestId('record-name').inputValue())
      .toBe(project.project_name)
    // An ID no record has says so, and nothing is edited.
    await page.goto(`${server.url}/#/control/edit/contents/var_nothing0000`)
    await expect
      .poll(() => editor.locator('[role="alert"]').textContent())
      .toContain('No content has the ID var_nothing0000')
    expect(misconduct(watch, [404])).toEqual(clean)
    await page.context().close()
  },
)

itInBrowser(
  'is locked and says why without the admin token, and works once it is entered',
  async () => {
    await using server = await startServer({ adminToken: 's3cret' })
    const { page, watch } = await openPanel(server.url)
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
    await page.context().close()
  },
)

itInBrowser(
  'says so when the control API does not answer, as under a static host without it',
  async () => {
    await using server = await startServer()
    const page = await newSuitePage(browser())
    const watch = watchPage(page, server.url)
    await page.route('**/__mock/**', (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    )
    await page.goto(`${server.url}/#/control`)
    const alert = page.locator('.panel[role="alert"]')
    await expect
      .poll(() => alert.textContent())
      .toContain(`GET ${server.adminUrl}/scenarios answered 404`)
    expect(misconduct(watch, [404])).toEqual(clean)
    await page.context().close()
  },
)

itInBrowser(
  'turns a variant on and off with its switch, and the API answers change with it',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openPanel(server.url)
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
    for (const width of [390, 1440]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, watch } = await openPanel(server.url, {
          width,
          colorScheme,
        })
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
        expect(
          await page.locator('.tally tbody tr').first().textContent(),
        ).toBe('acct_alpha#10 (429)60 s')
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }))
        expect(scrollWidth, `${width} px ${colorScheme}`).toBeLessThanOrEqual(
          clientWidth,
        )

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
        expect(
          seriousOnly(await findAxeViolations(page)),
          `${width} px ${colorScheme}`,
        ).toEqual([])

        await page.screenshot({
          path: UPDATE_SCREENSHOTS
            ? `${SCREENSHOT_DIR}control-panel-${width}-${colorScheme}.png`
            : undefined,
          fullPage: true,
        })
        expect(misconduct(watch)).toEqual(clean)
        await page.context().close()
      }
    }
  },
  120_000,
)

itInBrowser(
  'has no serious axe violation with the reset dialog open, nor locked',
  async () => {
    await using server = await startServer({ adminToken: 's3cret' })
    const { page, watch } = await openPanel(server.url, { width: 390 })
    await page.locator('#access-title').waitFor()
    expect(seriousOnly(await findAxeViolations(page))).toEqual([])
    await page.fill('input[type="password"]', 's3cret')
    await page.click('button:text-is("Unlock")')
    await page.locator('.access-open').waitFor()
    await page.click('button:text-is("Reset everything")')
    await page.getByRole('dialog').waitFor()
    expect(seriousOnly(await findAxeViolations(page))).toEqual([])
    expect(misconduct(watch, [401])).toEqual(clean)
    await page.context().close()
  },
)
