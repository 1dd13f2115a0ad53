import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import {
  describeAxeViolation,
  findAxeViolations,
  seriousOnly,
} from './find-axe-violations.js'

/** How a page suite shows a page: its viewport width and colour scheme. */
export interface Look {
  width: number
  colorScheme: 'light' | 'dark'
  /** For assertion messages and file names, e.g. `390 px dark`. */
  name: string
}

/**
 * Each width, light then dark: the looks a page suite checks a view in.
 * @example
 * for (const look of looksAt([390, 1440])) await openPage(url, look)
 */
export function looksAt(widths: readonly number[] = [390, 1440]): Look[] {
  return widths.flatMap((width) =>
    (['light', 'dark'] as const).map((colorScheme) => ({
      width,
      colorScheme,
      name: `${width} px ${colorScheme}`,
    })),
  )
}

/** Fails, naming the look, when the page scrolls sideways. */
export async function expectNoSideScroll(page: Page, look: Look) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, look.name).toBeLessThanOrEqual(clientWidth)
}

/** Fails, naming the look and each violation, on a serious or critical axe violation. */
export async function expectNoSeriousAxe(page: Page, look: Look) {
  expect(
    seriousOnly(await findAxeViolations(page)).map(describeAxeViolation),
    look.name,
  ).toEqual([])
}
