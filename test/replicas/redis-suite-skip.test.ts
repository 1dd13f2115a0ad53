import { testSuiteSkip } from '../support/skip-suite-tests.js'

// A replica suite on a machine without redis-server, as a newcomer runs it:
// skipped with one line; under CI or REQUIRE_REDIS=1, failed instead.

testSuiteSkip({
  name: 'replica suite',
  suite: 'test/replicas/redis-failure.test.ts',
  missing: 'redis-server is missing',
  skippedLine:
    /^replica suite skipped: redis-server not found \(REDIS_SERVER_PATH unset\)\. Install redis-server \(on Debian: apt-get install redis-server\) to run it\.$/m,
  tests: 3,
  required: [{ REQUIRE_REDIS: '1' }, { CI: 'true' }],
  error:
    'Error: CI or REQUIRE_REDIS is set, but the replica suite cannot run: redis-server not found',
})
