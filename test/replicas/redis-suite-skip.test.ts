import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

// A replica suite on a machine without redis-server, as a newcomer runs it:
// skipped with one line; under CI or REQUIRE_REDIS=1, failed instead.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs')
const SUITE = 'test/replicas/redis-failure.test.ts'

const home = mkdtempSync(join(tmpdir(), 'content-api-mock-no-redis-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))
const bin = join(home, 'bin')
mkdirSync(bin)
symlinkSync(process.execPath, join(bin, 'node'))

async function runSuiteWithoutRedis(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [VITEST, 'run', SUITE], {
    cwd: ROOT,
    // @note Only these: vitest's own variables would make the child think it
    // is a worker of this run, and CI must be unset.
    env: { PATH: bin, HOME: home, NO_COLOR: '1', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const [code] = await once(child, 'exit')
  return { code: code as number | null, output }
}

it('skips the replica suite with one line saying how to run it when redis-server is missing', async () => {
  const { code, output } = await runSuiteWithoutRedis()
  expect(output).toMatch(
    /^replica suite skipped: redis-server not found \(REDIS_SERVER_PATH unset\)\. Install redis-server \(on Debian: apt-get install redis-server\) to run it\.$/m,
  )
  expect(output.match(/replica suite skipped/g)).toHaveLength(1)
  expect(output).toMatch(/Tests\s+3 skipped \(3\)/)
  expect(code, output).toBe(0)
}, 60_000)

it('fails the replica suite under REQUIRE_REDIS=1 or CI when redis-server is missing', async () => {
  for (const env of [{ REQUIRE_REDIS: '1' }, { CI: 'true' }] as Array<
    Record<string, string>
  >) {
    const { code, output } = await runSuiteWithoutRedis(env)
    expect(output).toContain(
      'Error: CI or REQUIRE_REDIS is set, but the replica suite cannot run: redis-server not found',
    )
    expect(output).not.toContain('replica suite skipped')
    expect(code, output).toBe(1)
  }
}, 60_000)
