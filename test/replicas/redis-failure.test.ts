import { expect, it } from 'vitest'
import { findSuiteRedis, useSuiteRedis } from '../support/redis-server.js'
import { findRedisVersionProblem } from '../../src/server/fleet/connect-redis.js'
import { control, startReplicas } from '../support/replicas.js'
import { startServer } from '../support/server.js'

// Redis lost while a fleet serves: the API answers from the last state,
// control writes answer 503, health says degraded; Redis back (empty), the
// fleet is at its start state again and agrees.

const redisPath = findSuiteRedis()
const itWithRedis = it.skipIf(redisPath === undefined)
const redis = useSuiteRedis(redisPath)

const KEY = { authorization: 'Bearer demo-key-alpha' }

/** Waits until every replica's health says `status`. */
async function untilHealth(urls: string[], status: string) {
  for (const url of urls) {
    while ((await control(url, '/health')).body.status !== status) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

itWithRedis(
  'keeps answering without Redis, refuses control writes with 503, and agrees again once Redis is back',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    const urls = replicas.map((replica) => replica.url)
    await control(urls[0]!, '/clock', 'POST', { set: '2032-01-01T00:00:00Z' })
    const before = await (
      await fetch(`${replicas[1]!.apiUrl}/projects`, { headers: KEY })
    ).text()

    await redis().stop()
    for (const replica of replicas) {
      const response = await fetch(`${replica.apiUrl}/projects`, {
        headers: KEY,
      })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(before)
      expect((await control(replica.url, '/clock')).body.now).toBe(
        '2032-01-01T00:00:00.000Z',
      )
    }
    await untilHealth(urls, 'degraded')
    expect((await control(urls[2]!, '/health')).body).toMatchObject({
      status: 'degraded',
      redis: 'unreachable',
      roll: 'off',
    })
    const refused = await control(urls[1]!, '/scenarios', 'POST', {
      status: 500,
    })
    expect(refused.status).toBe(503)
    expect(refused.body.error.code).toBe('redis_unavailable')
    expect(refused.body.error.message).toMatch(
      /Redis cannot be reached.*try the change again once GET \/__mock\/health/,
    )
    expect((await control(urls[1]!, '/scenarios')).body.data).toEqual([])

    // Back, and empty: the fleet starts over from its start state.
    await redis().start()
    await untilHealth(urls, 'ok')
    for (const url of urls) {
      await fetch(`${url}/public-api/v1/projects`, { headers: KEY })
      expect((await control(url, '/clock')).body.now).not.toBe(
        '2032-01-01T00:00:00.000Z',
      )
    }
    expect(
      (await control(urls[1]!, '/scenarios', 'POST', { status: 500 })).status,
    ).toBe(201)
    for (const replica of replicas) {
      expect(
        (await fetch(`${replica.apiUrl}/projects`, { headers: KEY })).status,
      ).toBe(500)
    }
  },
)

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
      /^This replica's --seed \(8\) differs from its fleet's \(7\) at redis:\/\/127\.0\.0\.1:\d+ \(prefix seed-fleet\): start it with the same data flags/,
    )
  },
)
