import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testSuiteSkip } from '../support/skip-suite-tests.js'

// The browser suite on a machine without any Chromium, as a newcomer runs it:
// vitest with its default reporter, a PATH that holds node and nothing else,
// and a home folder without a Playwright cache.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SUITE = 'test/browser/setup-worker.test.ts'

testSuiteSkip({
  name: 'browser suite',
  suite: SUITE,
  missing: 'no Chromium is found',
  skippedLine:
    /^browser suite skipped: no Chromium found \(CHROMIUM_PATH unset; chromium, chromium-browser, google-chrome, google-chrome-stable not on PATH; no Playwright cache at .+\)\. Set CHROMIUM_PATH=\/path\/to\/chrome or install Chromium to run it\.$/m,
  // Every test of the suite is skipped: as many as it declares.
  tests: readFileSync(join(ROOT, SUITE), 'utf8').match(/^itInBrowser\(/gm)!
    .length,
  required: [{ REQUIRE_BROWSER: '1' }],
  error:
    'Error: REQUIRE_BROWSER is set, but the browser suite cannot run: no Chromium found (CHROMIUM_PATH unset;',
})
