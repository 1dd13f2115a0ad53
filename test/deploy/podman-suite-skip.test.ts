import { expect, it } from 'vitest'
import { useBareMachine } from '../support/run-suite-bare.js'

// The container suites (`npm run test:deploy`) on a machine without Podman,
// as a newcomer runs them: skipped with one line; under CI or
// REQUIRE_PODMAN=1, failed instead, so that CI cannot stop running them.

const runBare = useBareMachine()

function runWithoutPodman(env: Record<string, string> = {}) {
  return runBare(
    [
      '--config',
      'test/deploy/containers/vitest.config.ts',
      'test/deploy/containers/compose-single.test.ts',
    ],
    env,
  )
}

it('skips the container suites with one line saying how to run them when podman is missing', async () => {
  const { code, output } = await runWithoutPodman()
  expect(output).toMatch(
    /^container suite skipped: podman not found \(PODMAN_PATH unset\)\. Install Podman \(on Debian: apt-get install podman runc debootstrap\) to run it\.$/m,
  )
  expect(output.match(/container suite skipped/g)).toHaveLength(1)
  expect(output).toMatch(/Tests\s+1 skipped \(1\)/)
  expect(code, output).toBe(0)
}, 60_000)

it('fails the container suites under REQUIRE_PODMAN=1 or CI when podman is missing', async () => {
  for (const env of [{ REQUIRE_PODMAN: '1' }, { CI: 'true' }] as Array<
    Record<string, string>
  >) {
    const { code, output } = await runWithoutPodman(env)
    expect(output).toContain(
      'Error: CI or REQUIRE_PODMAN is set, but the container suite cannot run: podman not found',
    )
    expect(output).not.toContain('container suite skipped')
    expect(code, output).toBe(1)
  }
}, 60_000)
