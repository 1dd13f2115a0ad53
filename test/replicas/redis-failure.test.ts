import { expect } from 'vitest'
import { useRedisSuite } from '../support/redis-server.js'
import { findRedisVersionProblem } from '../../src/server/fleet/connect-redis.js'
import { startReplicas } from '../support/replicas.js'
import { startServer } from '../support/server.js'

// A replica that cannot join its fleet says why, in one line: Redis out of
// reach, too old, or a fleet that serves other data. Redis lost while a
// fleet serves is in faults.test.ts.

const { itWithRedis, redis } = useRedisSuite()

itWithRedis(
  'fails to start, naming Redis and the fix, when Redis cannot be reached in time',
  async () => {
    const start = startServer({
      redis: { url: 'redis://127.0.0.1:1', connectTimeout: 300 },
    })
    await expect(start).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(tried for 0\.3 s: .+\)\. Start Redis or fix --redis, then start this replica again\.$/,
    )
  },
)

itWithRedis(
  'refuses a Redis older than 6.2, naming its version, and takes 6.2, 7.x and Valkey',
  () => {
    // Debian's redis-server is newer, so the refusal is checked on INFO texts.
    expect(
      findRedisVersionProblem('# Server\r\nredis_version:6.0.16\r\n'),
    ).toBe('is version 6.0.16')
    for (const version of [
      '6.2.0',
      '7.0.15',
      '7.2.4\r\nvalkey_version:8.0.1',
    ]) {
      expect(findRedisVersionProblem(`redis_version:${version}\r\n`)).toBe(
        undefined,
      )
    }
  },
)

itWithRedis(
  "refuses a replica whose seed differs from its fleet's, naming the flag",
  async () => {
    await using fleet = await startReplicas(
      redis().url,
      1,
      { seed: 7 },
      'seed-fleet',
    )
    void fleet
    await expect(
      startReplicas(redis().url, 1, { seed: 8 }, 'seed-fleet'),
    ).rejects.toThrow(
      /^This replica's --seed \(8\) differs from its fleet's \(7\) at redis:\/\/127\.0\.0\.1:\d+ \(prefix seed-fleet\): start it with the same flags/,
    )
  },
)
