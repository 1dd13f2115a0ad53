/** Where a fleet of replicas keeps its state: a Redis (or Valkey) server. */
export interface FleetOptions {
  /**
   * `redis://[user:password@]host:port[/db]`, `rediss://…` (TLS), or the
   * path of a unix socket (`/run/redis.sock` or `unix:///run/redis.sock`).
   */
  url: string
  /**
   * The names of this fleet's keys start with it (default
   * `content-api-mock`): several fleets, or CI jobs, use one Redis.
   */
  prefix?: string
  /**
   * How long to keep trying to reach Redis at start, in milliseconds
   * (default 10,000); then the start fails with a `FleetError`.
   */
  connectTimeout?: number
  /**
   * What a replica that cannot show it is fresh (cut off from Redis, say)
   * does with API requests: `'refuse'` them with 503 (the default: no
   * answer from an older state), or `'serve-last-state'`, for a demo that
   * must keep answering when Redis is gone, at the cost of answers older
   * than writes acknowledged by other replicas. See docs/replicas.md.
   */
  offline?: 'refuse' | 'serve-last-state'
}

/** The key prefix of a fleet unless `prefix` says. */
export const DEFAULT_FLEET_PREFIX = 'content-api-mock'

/** How long a replica keeps trying to reach Redis at start. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000

/**
 * A replica that cannot join its fleet: Redis out of reach at start, or data
 * options that differ from the fleet's. The message says which, and what to
 * do.
 */
export class FleetError extends Error {
  override name = 'FleetError'
}

/** A Redis URL fit for a message: the password left out. */
export function describeRedisUrl(url: string): string {
  if (!/^rediss?:\/\//i.test(url)) return url
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    return parsed.toString().replace(/\/$/, '')
  } catch {
    return 'the --redis URL'
  }
}
