import { execFile } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import jpeg from 'jpeg-js'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { useBrowserSuite, newSuitePage } from '../support/chromium-suite.js'
import { escapeRegExp } from '../support/escape-reg-exp.js'
import { expectPlayed, openDemo } from '../support/demo-folder-page.js'
import {
  serveStaticFolders,
  type StaticServer,
} from '../support/serve-static-folders.js'

// `content-api-mock build-demo` folders served by a plain static file server
// on 127.0.0.1, with no mock server running, opened in a real Chromium: the
// page's Service Worker answers the API, media included. One folder at `/`
// (and again two levels down, as a GitHub Pages project site holds it), one
// with --media-dir under the sub-path `/demo/`, and one for each of the
// dataset and clock flags the server shares.

const { itInBrowser, hasBrowser, browser, openPage, watchedPage } =
  useBrowserSuite()

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
/** The --media-dir thumbnail: a size no title card has (640 × 360). */
const MEDIA_THUMBNAIL = { width: 96, height: 54 }

let work: string | undefined
let site: StaticServer | undefined

beforeAll(async () => {
  if (!hasBrowser) return
  work = mkdtempSync(join(tmpdir(), 'content-api-mock-build-demo-'))
  const media = join(work, 'media')
  mkdirSync(media)
  const { width, height } = MEDIA_THUMBNAIL
  const pixels = Buffer.alloc(width * height * 4, 0x80)
  writeFileSync(
    join(media, 'poster.jpg'),
    jpeg.encode({ data: pixels, width, height }, 80).data,
  )
  copyFileSync(join(ROOT, 'fixtures/clips/life.mp4'), join(media, 'clip.mp4'))
  const run = promisify(execFile)
  await run(process.execPath, [
    CLI,
    'build-demo',
    join(work, 'root'),
    '--seed',
    '7',
  ])
  await run(process.execPath, [
    CLI,
    'build-demo',
    join(work, 'sub'),
    '--seed',
    '7',
    '--media-dir',
    media,
  ])
  // A page of the same site outside every demo folder.
  mkdirSync(join(work, 'outside'))
  writeFileSync(
    join(work, 'outside/index.html'),
    '<!doctype html><title>Another page of the site</title>',
  )
  await run(process.execPath, [CLI, 'build-demo', join(work, 'broken')])
  rmSync(join(work, 'broken/demo-options.json'))
  const flags = {
    sized: '--seed 7 --projects 5 --contents 12 --asset-ttl 86400',
    live: '--live --seed 7 --speed 60',
  }
  for (const [folder, given] of Object.entries(flags)) {
    await run(process.execPath, [
      ...[CLI, 'build-demo', join(work, folder)],
      ...given.split(' '),
    ])
  }
  site = await serveStaticFolders({
    '/': join(work, 'root'),
    '/demo/': join(work, 'sub'),
    // A GitHub Pages project site: https://<user>.github.io/<repository>/demo/
    '/pages-repository/demo/': join(work, 'root'),
    '/pages-repository/outside/': join(work, 'outside'),
    '/broken/': join(work, 'broken'),
    '/sized/': join(work, 'sized'),
    '/live/': join(work, 'live'),
  })
}, 120_000)

afterAll(async () => {
  await site?.[Symbol.asyncDispose]()
  if (work !== undefined) rmSync(work, { recursive: true, force: true })
})

itInBrowser(
  'runs a build-demo folder from a plain static server: the worker answers the API, the page shows projects and the base URL',
  async (ctx) => {
    const { page, watch } = await watchedPage(site!.url)
    const { apiBase, report } = await openDemo(page, `${site!.url}/`)

    expect(apiBase).toBe(`${site!.url}/public-api/v1`)
    expect(report.controller).toBe(`${site!.url}/mockServiceWorker.js`)
    expect(report.projects.status).toBe(200)
    expect(report.projects.names.length).toBeGreaterThan(0)
    // The explorer draws the same projects, and the keys from the control API.
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain(report.projects.names[0])
    expect(await page.locator('main').textContent()).toContain('demo-key-beta')
    // No server, so no /docs: the nav leaves the API reference out.
    expect(await page.locator('header nav a').allTextContents()).toEqual([
      'Explorer',
      'Control panel',
    ])
    await page.getByRole('link', { name: report.projects.withContents }).click()
    const thumbnail = page.locator('main img').first()
    await expect
      .poll(() =>
        thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0)
    expect(report.thumbnail.width).toBeGreaterThan(0)
    expect(report.thumbnail.url).toMatch(
      new RegExp(`^${escapeRegExp(site!.url)}/__assets/`),
    )
    expect(report.control).toEqual({ keys: 200 })
    // The static host saw the files only: the API and media never reached it.
    expect(
      site!.requests.filter((path) => /public-api|__assets/.test(path)),
    ).toEqual([])
    expect(watch).toEqual({ errors: [], foreignRequests: [] })

    // What needs the server says so (a 404 the browser logs, hence last).
    const reset = await page.evaluate(async () => {
      const response = await fetch('__mock/reset', { method: 'POST' })
      return { status: response.status, body: await response.json() }
    })
    expect(reset.status).toBe(404)
    expect(reset.body.error.message).toMatch(/need the server/)
    await page.context().close()
    expectPlayed(report.video, ctx, browser().version())
  },
)

itInBrowser(
  'runs a build-demo folder under a sub-path (/demo/) and serves its --media-dir files from the browser',
  async (ctx) => {
    const { page, watch } = await watchedPage(site!.url)
    const seenBefore = site!.requests.length
    const { apiBase, report } = await openDemo(page, `${site!.url}/demo/`)
    // Every file, the boot script's chunks included, from the folder itself:
    // the site's root holds another demo here, but need not.
    expect(
      site!.requests
        .slice(seenBefore)
        .filter((path) => !path.startsWith('/demo/')),
    ).toEqual([])

    expect(apiBase).toBe(`${site!.url}/demo/public-api/v1`)
    expect(report.controller).toBe(`${site!.url}/demo/mockServiceWorker.js`)
    expect(report.projects.status).toBe(200)
    const { url, ...size } = report.thumbnail
    expect(size).toEqual(MEDIA_THUMBNAIL)
    // Asset URLs stay under the folder, in the worker's scope, not at the
    // site's root.
    expect(url).toMatch(
      new RegExp(`^${escapeRegExp(site!.url)}/demo/__assets/`),
    )
    expect(site!.requests).toContain('/demo/media/poster.jpg')
    expect(
      site!.requests.filter((path) => /public-api|__assets/.test(path)),
    ).toEqual([])
    expect(watch).toEqual({ errors: [], foreignRequests: [] })
    await page.context().close()
    expectPlayed(report.video, ctx, browser().version())
  },
)

itInBrowser(
  'runs a build-demo folder two levels down, as a GitHub Pages project site holds it, its worker scoped to the folder alone',
  async () => {
    const folder = `${site!.url}/pages-repository/demo/`
    const { page, watch } = await openPage(folder)
    await waitForDemo(page)
    expect(await page.locator('.mode-url').textContent()).toBe(
      `${folder}public-api/v1`,
    )
    const inside = await page.evaluate(async () => {
      const config = await (await fetch('__page/config.json')).json()
      const response = await fetch(`${config.apiBase}/projects`, {
        headers: { authorization: `Bearer ${config.defaultKey}` },
      })
      return {
        status: response.status,
        controller: navigator.serviceWorker.controller?.scriptURL,
        scope: (await navigator.serviceWorker.getRegistration())?.scope,
      }
    })
    expect(inside).toEqual({
      status: 200,
      controller: `${folder}mockServiceWorker.js`,
      scope: folder,
    })
    expect(watch).toEqual({ errors: [], foreignRequests: [] })

    // A page of the same site outside the folder is not the worker's: its
    // request for the folder's API goes to the static host, which has none.
    const outside = await page.context().newPage()
    await outside.goto(`${site!.url}/pages-repository/outside/`)
    const answer = await outside.evaluate(async (url) => {
      const response = await fetch(url)
      return {
        status: response.status,
        controlled: navigator.serviceWorker.controller !== null,
      }
    }, `${folder}public-api/v1/projects`)
    expect(answer).toEqual({ status: 404, controlled: false })
    expect(site!.requests).toContain(
      '/pages-repository/demo/public-api/v1/projects',
    )
  },
)

itInBrowser(
  'says in the page why a folder with a file missing cannot start, instead of a blank page',
  async () => {
    const page = await newSuitePage(browser(), { width: 375 })
    await page.goto(`${site!.url}/broken/`)
    const alert = page.getByRole('alert')
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toMatch(
        /^The demo could not start: .+\/broken\/demo-options\.json answered 404: the folder is incomplete\. Build it again/,
      )
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBe(375)
  },
)

/** Waits for the page's header, as a visitor sees the demo start. */
async function waitForDemo(page: Page) {
  await expect
    .poll(() => page.locator('.mode-badge').textContent(), { timeout: 15_000 })
    .toBe('in your browser')
}

/** The demo's clock, read from the page as the explorer reads it. */
async function readClock(page: Page) {
  return page.evaluate(async () => {
    const clock = await (await fetch('__mock/clock')).json()
    return { now: Date.parse(clock.now), speed: clock.speed as number }
  })
}

itInBrowser(
  'serves the --projects and --contents of a build-demo folder, with asset URLs that last --asset-ttl',
  async () => {
    const { page, watch } = await watchedPage(site!.url)
    await page.goto(`${site!.url}/sized/`)
    await waitForDemo(page)
    const report = await page.evaluate(async () => {
      const total = async (path: string) =>
        (await (await fetch(path)).json()).meta.total as number
      const clockNow = async () =>
        Date.parse((await (await fetch('__mock/clock')).json()).now)
      const config = await (await fetch('__page/config.json')).json()
      const [content] = (await (await fetch('__mock/contents')).json()).data
      const before = await clockNow()
      const detail = await (
        await fetch(
          `${config.apiBase}/projects/${content.project_unique}/contents/${content.variation_unique}`,
          { headers: { authorization: `Bearer ${config.defaultKey}` } },
        )
      ).json()
      const after = await clockNow()
      return {
        projects: await total('__mock/projects'),
        contents: await total('__mock/contents'),
        before,
        after,
        expires: Number(
          new URL(detail.data.content.download_url).searchParams.get('expires'),
        ),
      }
    })
    expect(report.projects).toBe(5)
    expect(report.contents).toBe(12)
    // Without --speed the lifetime runs on the mock clock: issued between
    // the two readings, the URL expires 86,400 s after.
    expect(report.expires).toBeGreaterThanOrEqual(
      Math.ceil(report.before / 1000) + 86_400,
    )
    expect(report.expires).toBeLessThanOrEqual(
      Math.ceil(report.after / 1000) + 86_400,
    )
    expect(watch).toEqual({ errors: [], foreignRequests: [] })
  },
)

itInBrowser(
  'keeps the clock of a --live --speed 60 folder going on a reload and in a second tab, instead of rewinding to the real date',
  async () => {
    const { page, watch } = await watchedPage(site!.url)
    await page.goto(`${site!.url}/live/`)
    await waitForDemo(page)
    // Until the demo runs a minute ahead of the real date: a clock that
    // restarted from the real date would then read earlier after a reload.
    await expect
      .poll(
        async () =>
          (await readClock(page)).now - (await page.evaluate(() => Date.now())),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(60_000)
    const before = await readClock(page)
    expect(before.speed).toBe(60)

    await page.reload()
    await waitForDemo(page)
    const reloaded = await readClock(page)
    expect(reloaded.speed).toBe(60)
    expect(reloaded.now).toBeGreaterThanOrEqual(before.now)

    const tab = await page.context().newPage()
    await tab.goto(`${site!.url}/live/`)
    await waitForDemo(tab)
    const second = await readClock(tab)
    expect(second.now).toBeGreaterThanOrEqual(reloaded.now)
    expect(watch).toEqual({ errors: [], foreignRequests: [] })
  },
)

itInBrowser(
  'shows in the panel of a build-demo folder what it can (the clock, the records, nothing in force) and why the rest needs the server, instead of Loading… or forms that cannot send',
  async () => {
    const { page, watch } = await watchedPage(site!.url, { width: 390 })
    await page.goto(`${site!.url}/demo/#/control`)
    await waitForDemo(page)
    await expect
      .poll(() => page.getByTestId('no-scenarios').textContent(), {
        timeout: 15_000,
      })
      .toContain('No scenario in force')
    const panel = page.locator('.control-panel')
    expect(await panel.textContent()).not.toContain('Loading…')
    // Nothing that only a server can do is offered as if it could.
    expect(await page.locator('#custom-scenario').count()).toBe(0)
    expect(await page.locator('button:text-is("Apply")').count()).toBe(0)
    expect(await page.locator('button:text-is("+1 h")').count()).toBe(0)
    expect(await page.locator('.journal-entry').count()).toBe(0)
    for (const section of ['dataset', 'report', 'journal', 'variants']) {
      expect(
        await page.locator(`[data-server-only="${section}"]`).textContent(),
      ).toMatch(/needs? the server \(npx content-api-mock\)\.$/)
    }
    expect(
      await page
        .locator('.scenario-list, [data-testid="no-scenarios"]')
        .count(),
    ).toBe(1)
    expect(
      await page.locator('button:text-is("Reset everything")').count(),
    ).toBe(0)
    // The clock reads, and a record shows as stored, but cannot be saved.
    await expect
      .poll(() => page.getByTestId('clock-now').textContent())
      .toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    const editor = page.locator('section[aria-labelledby="editor-title"]')
    await expect
      .poll(() => editor.getByTestId('record-chosen').textContent(), {
        timeout: 10_000,
      })
      .toContain('var_')
    expect(
      await editor.getByRole('button', { name: 'Save title' }).isDisabled(),
    ).toBe(true)
    expect(await editor.textContent()).toContain(
      'Reading every record works here; changing one needs the server',
    )
    expect(watch).toEqual({ errors: [], foreignRequests: [] })
  },
)
