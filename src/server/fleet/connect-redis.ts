import { Redis, type RedisOptions } from 'ioredis'
import { describeRedisUrl, FleetError } from './fleet-options.js'

// @note No offline queue and no retries of a command: while Redis is away a
// command fails at once, so a replica learns it is cut off instead of
// waiting; the connection itself keeps reconnecting.
const CLIENT_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 2_000,
  connectTimeout: 2_000,
  retryStrategy: (times) => Math.min(50 * times, 500),
}

/**
 * Opens a connection to the Redis at `url` (a `redis://` or `rediss://` URL,
 * or a unix socket path), retrying until `timeoutMs` has passed.
 * @throws {FleetError} when Redis cannot be reached in time, or is too old.
 */
export async function connectRedis(
  url: string,
  timeoutMs: number,
): Promise<Redis> {
  const path = url.startsWith('/') ? url : /^unix:\/\/(.*)/i.exec(url)?.[1]
  const redis = path
    ? new Redis({ ...CLIENT_OPTIONS, path })
    : new Redis(url, CLIENT_OPTIONS)
  let lastError = 'no reply'
  redis.on('error', (error: Error) => (lastError = error.message))
  redis.connect().catch(() => undefined)
  const reached = await new Promise((resolve) => {
    redis.once('ready', () => resolve(true))
    setTimeout(resolve, timeoutMs, false).unref()
  })
  const problem = reached
    ? findRedisVersionProblem(await redis.info('server'))
    : undefined
  if (reached && problem === undefined) return redis
  redis.disconnect()
  const where = describeRedisUrl(url)
  throw new FleetError(
    reached
      ? `The Redis at ${where} ${problem}; replicas need Redis 6.2 or later, or Valkey (a reset trims the fleet's log with XTRIM MINID). Point --redis at a newer server.`
      : `Cannot reach Redis at ${where} (tried for ${timeoutMs / 1000} s: ${lastError}). Start Redis or fix --redis, then start this replica again.`,
  )
}

/**
 * What keeps a Redis from serving a fleet, from its `INFO server` text (Valkey
 * reports a `redis_version` too); `undefined` when it can.
 */
export function findRedisVersionProblem(info: string): string | undefined {
  const version = /^redis_version:((\d+)\.(\d+)\S*)/m.exec(info)
  if (version === null) return undefined
  const [major, minor] = [Number(version[2]), Number(version[3])]
  if (major > 6 || (major === 6 && minor >= 2)) return undefined
  return `is version ${version[1]}`
}
