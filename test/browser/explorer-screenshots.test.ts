import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import {
  newSuitePage,
  SCREENSHOT_DIR,
  UPDATE_SCREENSHOTS,
  useBrowserSuite,
  watchPage,
} from '../support/chromium-suite.js'
import { findExplorerRoutes } from '../support/find-explorer-routes.js'
import { startServer } from '../support/server.js'

// The explorer's views (home, a project, a content with its publish table)
// at 375, 390 and 1440 px in a real Chromium against a real server on
// 127.0.0.1: none scrolls sideways, and each is photographed at 390 and
// 1440 px, light and dark, for a person to look at; two of them are the
// screenshots of docs/. Skipped with one line without a Chromium, like the
// other browser suites.

const { itInBrowser, browser } = useBrowserSuite()

/** Where the screenshot test writes every view it takes, for a person to look at. */
const ALL_SCREENSHOTS = join(tmpdir(), 'content-api-mock-explorer-screenshots')

/**
 * The two views docs/ shows (written there when UPDATE_SCREENSHOTS is set),
 * by the name of their screenshot in ALL_SCREENSHOTS.
 */
const DOCS_SCREENSHOTS: Record<string, string> = {
  'project-1440-light': 'explorer-desktop-light.png',
  'content-390-dark': 'explorer-content-mobile-dark.png',
}

itInBrowser(
  'fits 375, 390 and 1440 px without horizontal scroll; screenshots home, a project and a content at 390 and 1440 px, light and dark',
  async () => {
    await using server = await startServer()
    const routes = await findExplorerRoutes(server.apiUrl)
    await mkdir(ALL_SCREENSHOTS, { recursive: true })
    if (UPDATE_SCREENSHOTS) await mkdir(SCREENSHOT_DIR, { recursive: true })
    for (const [width, colorScheme] of [
      [1440, 'light'],
      [1440, 'dark'],
      [390, 'light'],
      [390, 'dark'],
      [375, 'light'],
    ] as const) {
      const page = await newSuitePage(browser(), { width, colorScheme })
      const watch = watchPage(page, server.url)
      await page.goto(`${server.url}/`)
      for (const [view, route] of [
        ['home', '#/'],
        ['project', routes.project],
        ['content', routes.content],
      ] as const) {
        await page.evaluate((hash) => {
          location.hash = hash
        }, route)
        const image = page.locator(
          view === 'home'
            ? '.project-card'
            : view === 'project'
              ? '.content-card img.thumbnail'
              : '.content-thumbnail img',
        )
        await image.first().waitFor()
        if (view !== 'home') {
          await expect
            .poll(() =>
              image
                .first()
                .evaluate((element: HTMLImageElement) => element.naturalWidth),
            )
            .toBeGreaterThan(0)
        }
        if (view === 'project') {
          await page.locator('.content-card .publish-badges').first().waitFor()
        }
        if (view === 'content') {
          // Its first frame, not a loading spinner.
          await expect
            .poll(() =>
              page
                .locator('video')
                .evaluate(
                  (video: HTMLVideoElement) =>
                    video.readyState >= 2 || video.error !== null,
                ),
            )
            .toBe(true)
        }
        expect(
          await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth,
          })),
          `${view} ${width} ${colorScheme}`,
        ).toEqual({ scrollWidth: width, innerWidth: width })
        if (width === 375) continue
        const name = `${view}-${width}-${colorScheme}`
        // As after a click: the focus ring of a keyboard's move would show.
        await page.evaluate(() => {
          ;(document.activeElement as HTMLElement | null)?.blur()
          scrollTo(0, 0)
        })
        await page.screenshot({
          path: join(ALL_SCREENSHOTS, `${name}.png`),
          fullPage: true,
        })
        const docsName = DOCS_SCREENSHOTS[name]
        if (UPDATE_SCREENSHOTS && docsName !== undefined) {
          // A phone's screen from the view's heading: the media, progress
          // and publish table, rather than the header above them.
          if (width === 390) {
            await page
              .locator('main h1')
              .evaluate((heading) =>
                scrollTo(0, heading.getBoundingClientRect().top + scrollY - 12),
              )
          }
          await page.screenshot({ path: join(SCREENSHOT_DIR, docsName) })
        }
      }
      expect(watch).toEqual({ errors: [], foreignRequests: [] })
      await page.context().close()
    }
  },
  120_000,
)
