import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { useBareMachine } from '../support/run-suite-bare.js'

// The browser suite on a machine without any Chromium, as a newcomer runs it:
// vitest with its default reporter, a PATH that holds node and nothing else,
// and a home folder without a Playwright cache.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SUITE = 'test/browser/setup-worker.test.ts'
// Every test of the suite is skipped: as many as it declares.
const SUITE_TESTS = readFileSync(join(ROOT, SUITE), 'utf8').match(
  /^itInBrowser\(/gm,
)!.length
const SKIPPED_LINE =
  /^browser suite skipped: no Chromium found \(CHROMIUM_PATH unset; chromium, chromium-browser, google-chrome, google-chrome-stable not on PATH; no Playwright cache at .+\)\. Set CHROMIUM_PATH=\/path\/to\/chrome or install Chromium to run it\.$/m

const runBare = useBareMachine()

/** Runs the browser suite with vitest in a machine without a browser. */
function runSuiteWithoutBrowser(env: Record<string, string> = {}) {
  return runBare(SUITE, env)
}

it('skips the browser suite with one line saying how to enable it when no Chromium is found', async () => {
  const { code, output } = await runSuiteWithoutBrowser()
  expect(output).toMatch(SKIPPED_LINE)
  expect(output.match(/browser suite skipped/g)).toHaveLength(1)
  expect(output).toMatch(
    new RegExp(`Tests\\s+${SUITE_TESTS} skipped \\(${SUITE_TESTS}\\)`),
  )
  expect(code, output).toBe(0)
}, 60_000)

it('fails the browser suite under REQUIRE_BROWSER=1 when no Chromium is found', async () => {
  const { code, output } = await runSuiteWithoutBrowser({
    REQUIRE_BROWSER: '1',
  })
  expect(output).toContain(
    'Error: REQUIRE_BROWSER is set, but the browser suite cannot run: no Chromium found (CHROMIUM_PATH unset;',
  )
  expect(output).not.toContain('browser suite skipped')
  expect(code, output).toBe(1)
}, 60_000)
