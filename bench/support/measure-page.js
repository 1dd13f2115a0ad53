// Page-load figures for the bench scripts that open pages in Chromium
// (bench/page.js, bench/demo.js).

/**
 * Opens `url` in `page` and reads navigation timing: DOMContentLoaded, load
 * and, with `ready`, the moment an element matching that selector shows.
 */
export async function measure(page, url, ready) {
  await page.goto(url)
  let shown
  if (ready !== undefined) {
    // @note Read in the page the moment it holds the selector, so the
    // round trip to Playwright is not counted.
    const handle = await page.waitForFunction(
      (selector) =>
        document.querySelector(selector) !== null && performance.now(),
      ready,
      { polling: 'raf', timeout: 30_000 },
    )
    shown = await handle.jsonValue()
  }
  const timing = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation')
    return { dcl: entry.domContentLoadedEventEnd, load: entry.loadEventEnd }
  })
  return { ...timing, shown }
}
