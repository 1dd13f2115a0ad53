import { expect, it } from 'vitest'
import { useBareMachine } from '../support/run-suite-bare.js'

// A replica suite on a machine without redis-server, as a newcomer runs it:
// skipped with one line; under CI or REQUIRE_REDIS=1, failed instead.

const SUITE = 'test/replicas/redis-failure.test.ts'
const runBare = useBareMachine()

function runSuiteWithoutRedis(env: Record<string, string> = {}) {
  return runBare(SUITE, env)
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
