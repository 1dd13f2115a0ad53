/** Where a fleet of replicas keeps its state (docs/replicas.md). */
export interface FleetOptions {
  /** `redis://[user:password@]host:port[/db]`, `rediss://…`, or a unix socket's path. */
  url: string
  /** Starts the names of the fleet's keys (default `content-api-mock`). */
  prefix?: string
  /** How long to keep trying to reach Redis at start, in ms (default 10,000). */
  connectTimeout?: number
  /**
   * While a replica cannot show it is fresh: `'refuse'` API requests with
   * 503 (the default), or `'serve-last-state'`, at the cost of answers older
   * than writes other replicas acknowledged.
   */
  offline?: 'refuse' | 'serve-last-state'
}

/** The key prefix of a fleet unless `prefix` says. */
export const DEFAULT_FLEET_PREFIX = 'content-api-mock'

/** How long a replica keeps trying to reach Redis at start. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000

/** A replica that cannot join its fleet; the message says why and what to do. */
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
