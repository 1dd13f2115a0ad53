import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import {
  useBrowserSuite,
  newSuitePage,
  watchPage,
} from '../support/chromium-suite.js'
import {
  describeAxeViolation,
  findAxeViolations,
  seriousOnly,
} from '../support/find-axe-violations.js'
import { findExplorerRoutes } from '../support/find-explorer-routes.js'
import { looksAt } from '../support/page-looks.js'
import { startServer } from '../support/server.js'

// Every view of the page (the explorer's home, a project, a content with its
// publish table, the control panel) checked by axe-core in a real Chromium at
// 390 and 1440 px, light and dark; and what a screen reader or keyboard user
// needs on top: one h1 per view, focus on the new view's heading after a hash
// navigation. Skipped with one line without a Chromium, like the other
// browser suites.

const { itInBrowser, browser } = useBrowserSuite()

/** Waits until the view at `route` has what a person came for. */
async function waitForView(page: Page, route: string): Promise<void> {
  if (route === '#/control') {
    await page.locator('h1', { hasText: 'Control panel' }).waitFor()
    await page.locator('.journal-section, #journal-title').first().waitFor()
  } else if (route.includes('/contents/')) {
    await page.locator('.publish-table').waitFor()
  } else if (route.startsWith('#/projects/')) {
    await page.locator('.content-card .publish-badges').first().waitFor()
  } else {
    await page.locator('.project-card').first().waitFor()
  }
}

/**
 * The violations axe finds on the page, one line each: the serious and
 * critical ones, or every one with `every`.
 */
async function axeViolations(
  page: Page,
  options: { every?: boolean } = {},
): Promise<string[]> {
  const violations = await findAxeViolations(page)
  return (options.every === true ? violations : seriousOnly(violations)).map(
    describeAxeViolation,
  )
}

itInBrowser(
  'axe finds no serious or critical violation on any view at 390 and 1440 px, light and dark, and on the explorer’s none at all',
  async () => {
    await using server = await startServer()
    const { project, content } = await findExplorerRoutes(server.apiUrl)
    const found: Record<string, string[]> = {}
    for (const route of ['#/', project, content, '#/control']) {
      for (const look of looksAt()) {
        const page = await newSuitePage(browser(), look)
        watchPage(page, server.url)
        await page.goto(`${server.url}/${route}`)
        await waitForView(page, route)
        const name = `${route.replace(/\/[A-Za-z0-9_-]{6,}/g, '/…')} ${look.width} ${look.colorScheme}`
        // The explorer has no moderate or minor violation either, and
        // keeps it so; the control panel is held to serious and critical.
        const every = route !== '#/control'
        found[name] = await axeViolations(page, { every })
        if (route === '#/') {
          // The key chooser the other way round: unfolded at 390, folded at 1440.
          await page.locator('details.key-chooser > summary').click()
          found[`${name}, key chooser toggled`] = await axeViolations(page, {
            every,
          })
        }
        await page.context().close()
      }
    }
    expect(found).toEqual(
      Object.fromEntries(Object.keys(found).map((name) => [name, []])),
    )
  },
  180_000,
)

itInBrowser(
  'axe finds no serious or critical violation on the explorer and the control panel of a server with an admin token',
  async () => {
    await using server = await startServer({ adminToken: 'secret-token' })
    const found: Record<string, string[]> = {}
    for (const route of ['#/', '#/control']) {
      for (const look of looksAt()) {
        const page = await newSuitePage(browser(), look)
        await page.goto(`${server.url}/${route}`)
        await page
          .locator(route === '#/' ? '.project-card' : '#access-title')
          .first()
          .waitFor()
        found[`${route} ${look.width} ${look.colorScheme}`] =
          await axeViolations(page)
        await page.context().close()
      }
    }
    expect(found).toEqual(
      Object.fromEntries(Object.keys(found).map((name) => [name, []])),
    )
  },
  60_000,
)

itInBrowser(
  'has one h1 per view, and moves focus to it after a hash navigation',
  async () => {
    await using server = await startServer()
    const { project, content } = await findExplorerRoutes(server.apiUrl)
    const page = await newSuitePage(browser())
    await page.goto(`${server.url}/#/`)
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        return element === null || element === document.body
          ? 'body'
          : `${element.tagName.toLowerCase()}: ${element.textContent}`
      })
    const headings = () =>
      page
        .locator('h1')
        .evaluateAll((elements) =>
          elements.map((element) => element.textContent),
        )
    await waitForView(page, '#/')
    expect(await headings()).toEqual(['Projects'])
    for (const [route, name] of [
      [project, /^h1: .+/],
      [content, /^h1: .+/],
      ['#/control', /^h1: Control panel$/],
      ['#/', /^h1: Projects$/],
    ] as const) {
      await page.evaluate((hash) => {
        location.hash = hash
      }, route)
      await waitForView(page, route)
      expect(await headings()).toHaveLength(1)
      await expect.poll(focused).toMatch(name)
    }
  },
  60_000,
)

itInBrowser(
  'skips to the view’s heading without leaving the view',
  async () => {
    await using server = await startServer()
    const { project } = await findExplorerRoutes(server.apiUrl)
    const page = await newSuitePage(browser())
    await page.goto(`${server.url}/${project}`)
    await waitForView(page, project)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to content',
    )
    await page.keyboard.press('Enter')
    expect(
      await page.evaluate(() => ({
        hash: location.hash,
        focused: document.activeElement?.tagName,
      })),
    ).toEqual({ hash: project, focused: 'H1' })
  },
)
