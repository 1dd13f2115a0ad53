import { Redis, type RedisOptions } from 'ioredis'
import { describeRedisUrl, FleetError } from './fleet-options.js'

// @note No offline queue and no retries of a command: while Redis is away a
// command fails at once, so the API keeps answering from the state it knows
// instead of waiting; the connection itself keeps reconnecting.
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
 * @throws {FleetError} when Redis cannot be reached in time.
 * @example
 * const redis = await connectRedis('redis://127.0.0.1:6379', 10_000)
 */
export async function connectRedis(
  url: string,
  timeoutMs: number,
): Promise<Redis> {
  const socket = /^unix:\/\//i.test(url)
    ? url.slice('unix://'.length)
    : url.startsWith('/')
      ? url
      : undefined
  const redis =
    socket === undefined
      ? new Redis(url, CLIENT_OPTIONS)
      : new Redis({ ...CLIENT_OPTIONS, path: socket })
  let lastError = 'no answer'
  const onError = (error: Error) => {
    lastError = error.message
  }
  redis.on('error', onError)
  const ready = new Promise<void>((resolve) => redis.once('ready', resolve))
  redis.connect().catch(onError)
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const reached = await Promise.race([ready.then(() => true), timedOut])
  clearTimeout(timer)
  if (!reached) {
    redis.disconnect()
    throw new FleetError(
      `Cannot reach Redis at ${describeRedisUrl(url)} (tried for ${timeoutMs / 1000} s: ${lastError}). Start Redis or fix --redis, then start this replica again.`,
    )
  }
  const problem = findRedisVersionProblem(await redis.info('server'))
  if (problem !== undefined) {
    redis.disconnect()
    throw new FleetError(
      `The Redis at ${describeRedisUrl(url)} ${problem}; replicas need Redis 6.2 or later, or Valkey (a reset trims the fleet's log with XTRIM MINID). Point --redis at a newer server.`,
    )
  }
  return redis
}

/**
 * What keeps a Redis from serving a fleet, from its `INFO server` text (Valkey
 * reports a `redis_version` too); `undefined` when it can.
 * @example
 * findRedisVersionProblem('redis_version:6.0.9\r\n') // 'is version 6.0.9'
 */
export function findRedisVersionProblem(info: string): string | undefined {
  const version = /^redis_version:(\d+)\.(\d+)/m.exec(info)
  if (version === null) return undefined
  const [major, minor] = [Number(version[1]), Number(version[2])]
  if (major > 6 || (major === 6 && minor >= 2)) return undefined
  return `is version ${/^redis_version:(\S+)/m.exec(info)![1]}`
}
