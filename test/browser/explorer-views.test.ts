import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { useBrowserSuite, type PageWatch } from '../support/chromium-suite.js'
import { findExplorerRoutes } from '../support/find-explorer-routes.js'
import { startServer } from '../support/server.js'

// What a person reads in the explorer's views, in a real Chromium against a
// real server on 127.0.0.1: whole words in the publish table, times in a
// person's terms, names in the breadcrumb, a key chooser that leaves room
// for the data on a phone, one answer per card, thumbnails that follow a
// new title, and an Edit link to the control panel. Skipped with one line
// without a Chromium, like the other browser suites.

const { itInBrowser, openPage, watchedPage } = useBrowserSuite()

/** Opens `route` of a server in a fresh page of `width`, watched. */
function openRoute(url: string, route: string, width = 1440) {
  return openPage(`${url}/${route}`, { width })
}

/** Answers every content detail the page reads with `fields` over the mock's own. */
async function rewriteContentDetails(
  page: Page,
  fields: Record<string, unknown>,
): Promise<void> {
  await page.route(/\/contents\/[^/?]+$/, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { data: object }
    await route.fulfill({
      response,
      json: { data: { ...body.data, ...fields } },
    })
  })
}

function expectClean(watch: PageWatch): void {
  expect(watch).toEqual({ errors: [], foreignRequests: [] })
}

/**
 * Every word of the publish table that is laid out over more than one line,
 * or (unless its element cuts it with an ellipsis) past its cell's edge.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page
    .locator('.publish-table th, .publish-table td')
    .evaluateAll((cells) => {
      const problems: string[] = []
      for (const cell of cells) {
        const edge = cell.getBoundingClientRect().right
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node as Text
          const cut =
            getComputedStyle(text.parentElement!).textOverflow === 'ellipsis'
          for (const word of text.data.matchAll(/\S+/g)) {
            const range = document.createRange()
            range.setStart(text, word.index)
            range.setEnd(text, word.index + word[0].length)
            const boxes = [...range.getClientRects()].filter(
              (box) => box.width > 0,
            )
            const lines = new Set(boxes.map((box) => Math.round(box.top)))
            if (lines.size > 1) {
              problems.push(`"${word[0]}" over ${lines.size} lines`)
            }
            const right = Math.max(...boxes.map((box) => box.right))
            if (!cut && right > edge + 0.5) {
              problems.push(`"${word[0]}" past its cell by ${right - edge} px`)
            }
          }
        }
      }
      return problems
    })
}

itInBrowser(
  'lays the publish table out in whole words at 375, 390 and 1440 px, with times relative and local and the exact one in <time> and on focus',
  async () => {
    await using server = await startServer()
    const { content } = await findExplorerRoutes(server.apiUrl)
    for (const width of [1440, 390, 375]) {
      const { page, watch } = await openRoute(server.url, content, width)
      await page.locator('.publish-table').waitFor()
      expect(await brokenWords(page), `${width} px`).toEqual([])
      const times = await page
        .locator('.publish-table time')
        .evaluateAll((elements) =>
          elements.map((element) => ({
            datetime: element.getAttribute('datetime'),
            title: element.getAttribute('title'),
            tabindex: element.getAttribute('tabindex'),
            text: element.textContent,
          })),
        )
      expect(times.length).toBeGreaterThan(0)
      for (const time of times) {
        expect(time.datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
        expect(time.title).toBe(time.datetime)
        expect(time.tabindex).toBe('0')
        expect(time.text).toMatch(
          /^(just now|\d+ (min|h|days) ago|in \d+ (min|h|days)) · \S.*\d\d.*$/,
        )
      }
      // A keyboard reaches the time after the post's link, and sees the exact one.
      await page.locator('.publish-table a').first().focus()
      await page.keyboard.press('Tab')
      const shown = await page.evaluate(() => ({
        focused: document.activeElement?.tagName,
        after: getComputedStyle(document.activeElement!, '::after').content,
      }))
      expect(shown).toEqual({
        focused: 'TIME',
        after: JSON.stringify(times[0]!.datetime),
      })
      expectClean(watch)
      await page.context().close()
    }
  },
  60_000,
)

itInBrowser(
  'reads a failed publish result as not posted, without a link, and a null post_url or posted_at as none',
  async () => {
    await using server = await startServer()
    const { content } = await findExplorerRoutes(server.apiUrl)
    const { page, watch } = await watchedPage(server.url, { width: 390 })
    await rewriteContentDetails(page, {
      publish: [
        {
          platform: 'instagram',
          status: 'failed',
          post_url: 'https://instagram.example/p/never-made',
          posted_at: '2026-11-26T18:53:21Z',
        },
        {
          platform: 'tiktok',
          status: 'pending',
          post_url: null,
          posted_at: null,
        },
      ],
    })
    await page.goto(`${server.url}/${content}`)
    const rows = page.locator('.publish-table tbody tr')
    await rows.first().waitFor()
    expect(await rows.locator('a').count()).toBe(0)
    expect(await rows.nth(0).locator('td').first().textContent()).toBe(
      'instagramnot posted',
    )
    expect(await rows.nth(0).locator('time').getAttribute('datetime')).toBe(
      '2026-11-26T18:53:21Z',
    )
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([
      'tiktokno post_url',
      'pending',
      'none',
    ])
    expect(await brokenWords(page)).toEqual([])
    expectClean(watch)
  },
)

itInBrowser(
  'names the project and the content in the breadcrumb, and links each view to the control panel’s editor on its record',
  async () => {
    await using server = await startServer()
    const routes = await findExplorerRoutes(server.apiUrl)
    const project = (await (
      await fetch(`${server.apiUrl}/projects/${routes.projectId}`, {
        headers: { authorization: 'Bearer demo-key-alpha' },
      })
    ).json()) as { data: { project_name: string } }
    const content = (await (
      await fetch(
        `${server.apiUrl}/projects/${routes.projectId}/contents/${routes.contentId}`,
        { headers: { authorization: 'Bearer demo-key-alpha' } },
      )
    ).json()) as { data: { title: string } }
    // Opened directly, as from a link someone shared.
    const { page, watch } = await openRoute(server.url, routes.content)
    const crumbs = page.locator('nav[aria-label="Breadcrumb"] li')
    await expect
      .poll(() => crumbs.allTextContents())
      .toEqual(['Projects', project.data.project_name, content.data.title])
    const edit = page.locator('a.edit-link')
    expect(await edit.getAttribute('href')).toBe(
      `#/control/edit/contents/${routes.contentId}`,
    )
    expect(await edit.textContent()).toBe(
      'Edit this content in the control panel',
    )
    expect(
      await edit.evaluate((element) => element.firstChild?.textContent),
    ).toBe('Edit')
    await crumbs.nth(1).locator('a').click()
    await expect
      .poll(() => crumbs.allTextContents())
      .toEqual(['Projects', project.data.project_name])
    expect(await edit.getAttribute('href')).toBe(
      `#/control/edit/projects/${routes.projectId}`,
    )
    expectClean(watch)
  },
)

itInBrowser(
  'folds the key chooser to one line at 390 px, so the first screen shows projects; Change unfolds it',
  async () => {
    await using server = await startServer()
    const { page, watch } = await openRoute(server.url, '#/', 390)
    const chooser = page.locator('details.key-chooser')
    await page.locator('.project-card').first().waitFor()
    expect(
      await chooser.evaluate((element: HTMLDetailsElement) => element.open),
    ).toBe(false)
    await expect
      .poll(() => page.locator('details.key-chooser > summary').textContent())
      .toMatch(/demo-key-alpha.*active.*Change/)
    const firstCard = await page.locator('.project-card').first().boundingBox()
    expect(firstCard!.y + firstCard!.height).toBeLessThan(900)
    await page.locator('details.key-chooser > summary').click()
    // The summary's words follow the toggle event, a render after the click.
    await expect
      .poll(() => page.locator('.key-option').first().isVisible())
      .toBe(true)
    await expect
      .poll(() => page.locator('details.key-chooser > summary').textContent())
      .toContain('Close')
    expectClean(watch)
  },
)

itInBrowser(
  'takes a card’s progress and publish from one answer, the content’s detail, once it came',
  async () => {
    await using server = await startServer()
    const { project } = await findExplorerRoutes(server.apiUrl)
    const { page, watch } = await watchedPage(server.url)
    // Every detail says step 3 and nothing published, whatever the list says.
    await rewriteContentDetails(page, {
      progress: { step_process: 3, is_complete: false },
      publish: [],
    })
    await page.goto(`${server.url}/${project}`)
    const card = page.locator('.content-card').first()
    await card.locator('.publish-badges, .card-body > .muted').first().waitFor()
    expect(await card.locator('.progress').textContent()).toBe(
      'step 3 of 5generating',
    )
    expect(await card.locator('.card-body').textContent()).toContain(
      'not published',
    )
    expectClean(watch)
  },
)

itInBrowser(
  'gives a card already on screen the new title card image when its title changes',
  async () => {
    await using server = await startServer()
    const { project } = await findExplorerRoutes(server.apiUrl)
    const { page, watch } = await openRoute(server.url, project)
    await page.locator('label.toggle input').check()
    const card = page.locator('.content-card').first()
    const image = card.locator('img.thumbnail')
    await image.waitFor()
    const before = await image.getAttribute('src')
    const href = await card.locator('.card-title a').getAttribute('href')
    const contentId = decodeURIComponent(href!.split('/').pop()!)
    const patched = await fetch(`${server.adminUrl}/contents/${contentId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ title: 'A title changed live' }),
    })
    expect(patched.status).toBe(200)
    await expect
      .poll(() => card.locator('.card-title').textContent(), {
        timeout: 15_000,
      })
      .toBe('A title changed live')
    await expect.poll(() => image.getAttribute('src')).not.toBe(before)
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => element.naturalWidth),
      )
      .toBeGreaterThan(0)
    expectClean(watch)
  },
  30_000,
)
