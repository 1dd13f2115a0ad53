// `npm run fuzz`: the fuzz suites of `npm test` (test/{msw,server}/fuzz-*.test.ts), longer
// and with a new seed each time. FUZZ_RUNS sets the runs per adapter (default
// 5000, each of 1 to 4 requests); FUZZ_SEED replays a run fast-check reported.
// The suites print how many requests each adapter answered, by status.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const runs = process.env.FUZZ_RUNS ?? '5000'
if (!/^[1-9][0-9]*$/.test(runs)) {
  process.stderr.write(
    `fuzz: FUZZ_RUNS must be a whole number of runs, at least 1 (got "${runs}").\n`,
  )
  process.exit(2)
}
process.stderr.write(`fuzz: ${runs} runs per adapter\n`)
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    'test/server/fuzz-server.test.ts',
    'test/msw/fuzz-interceptor.test.ts',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs },
    shell: process.platform === 'win32',
  },
)
process.exit(vitest.status ?? 1)
