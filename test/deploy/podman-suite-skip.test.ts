import { testSuiteSkip } from '../support/skip-suite-tests.js'

// The container suites (`npm run test:deploy`) on a machine without Podman,
// as a newcomer runs them: skipped with one line; under CI or
// REQUIRE_PODMAN=1, failed instead, so that CI cannot stop running them.

testSuiteSkip({
  name: 'container suite',
  suite: [
    '--config',
    'test/deploy/containers/vitest.config.ts',
    'test/deploy/containers/compose-single.test.ts',
  ],
  missing: 'podman is missing',
  skippedLine:
    /^container suite skipped: podman not found \(PODMAN_PATH unset\)\. Install Podman \(on Debian: apt-get install podman runc debootstrap iptables\) to run it\.$/m,
  tests: 1,
  required: [{ REQUIRE_PODMAN: '1' }, { CI: 'true' }],
  error:
    'Error: CI or REQUIRE_PODMAN is set, but the container suite cannot run: podman not found',
})
