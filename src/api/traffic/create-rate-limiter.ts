import {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_NAMES,
  RATE_LIMIT_HEADER_STYLES,
  type RateLimit,
} from '../../schema/scenario.js'
import { parseDuration } from '../../schema/parse-duration.js'

/**
 * How a rate limit counts: `limit` requests per `window`. The spec shows that
 * 429 exists, not its values or headers, so every part is configurable.
 * - `algorithm: 'fixed-window'` (default) allows `limit` requests from a
 *   key's first request in a window until the window ends; `'token-bucket'`
 *   refills a bucket of `limit` tokens evenly over the window.
 * - `headers` picks the names of `RATE_LIMIT_HEADER_NAMES`: `'ratelimit'`
 *   (default) with the reset in seconds until it, `'x-ratelimit'` with the
 *   reset in epoch seconds as many services do.
 * - `perEndpoint: true` counts each endpoint separately.
 */
export type RateLimitOptions = RateLimit

/**
 * The outcome of counting one request.
 */
export interface RateLimitDecision {
  allowed: boolean
  /** The rate-limit headers for this response. */
  headers: Record<string, string>
  /** Whole seconds until a request would be allowed; set when not allowed. */
  retryAfterSeconds?: number
}

/**
 * Where one key (and endpoint, with `perEndpoint`) stands, as its next
 * response's rate-limit headers would say.
 */
export interface RateLimitUsage {
  /** The key's label (`keyLabel` in the journal), or `anonymous`. */
  keyLabel: string
  /** The endpoint, when the limit counts each endpoint separately. */
  endpoint?: string
  /** Requests left before a 429 (`RateLimit-Remaining`). */
  remaining: number
  /**
   * Whole seconds until the window ends, or until the bucket is full again
   * (`RateLimit-Reset`).
   */
  resetSeconds: number
}

/**
 * A rate limiter: counts requests per key (and endpoint) on a clock.
 */
export interface RateLimiter {
  readonly options: Readonly<Required<Omit<RateLimitOptions, 'window'>>> & {
    windowMs: number
  }
  check(key: string, endpoint: string | undefined): RateLimitDecision
  /**
   * Every key whose count is running (a window not yet over, a bucket not
   * full), without counting anything.
   */
  usage(): RateLimitUsage[]
  /** The count of every key, as plain numbers, to hand to another copy. */
  exportBuckets(): Array<[string, number, number]>
  /** Takes the counts `exportBuckets()` gave, replacing this limiter's. */
  importBuckets(buckets: ReadonlyArray<[string, number, number]>): void
}

interface Bucket {
  /** Fixed window: when the window started. Token bucket: last refill. */
  since: number
  /** Fixed window: requests counted. Token bucket: tokens left. */
  value: number
}

/**
 * Creates a rate limiter on the given clock.
 * @throws {TypeError} when the options are invalid.
 * @example
 * const limiter = createRateLimiter({ limit: 3, window: '1m' }, clock.now)
 * limiter.check(apiKey, 'listProjects').allowed
 */
export function createRateLimiter(
  options: RateLimitOptions,
  now: () => number,
): RateLimiter {
  const { limit } = options
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new TypeError(
      `Invalid rate limit ${JSON.stringify(limit)}: expected a whole number of requests, 1 or more.`,
    )
  }
  const windowMs = parseDuration(options.window, 'rate-limit window')
  const algorithm = options.algorithm ?? RATE_LIMIT_ALGORITHMS[0]
  const style = options.headers ?? RATE_LIMIT_HEADER_STYLES[0]
  const perEndpoint = options.perEndpoint ?? false
  const names = RATE_LIMIT_HEADER_NAMES[style]
  const limitName = names.limit.toLowerCase()
  const remainingName = names.remaining.toLowerCase()
  const resetName = names.reset.toLowerCase()
  const buckets = new Map<string, Bucket>()

  const msPerToken = windowMs / limit
  /** A token bucket's tokens at `time`: what it held, refilled since. */
  const tokensAt = (bucket: Bucket, time: number) =>
    Math.min(limit, bucket.value + (time - bucket.since) / msPerToken)
  /** Milliseconds until a token bucket holding `tokens` is full. */
  const untilFull = (tokens: number) => (limit - tokens) * msPerToken

  /**
   * A bucket's requests left and milliseconds until reset at `time`, without
   * changing it; undefined when its count starts afresh (window over, bucket
   * full).
   */
  function standing(
    bucket: Bucket,
    time: number,
  ): { remaining: number; resetMs: number } | undefined {
    if (algorithm === 'token-bucket') {
      const tokens = tokensAt(bucket, time)
      if (tokens >= limit) return undefined
      return { remaining: Math.floor(tokens), resetMs: untilFull(tokens) }
    }
    if (time >= bucket.since + windowMs) return undefined
    return {
      remaining: limit - bucket.value,
      resetMs: bucket.since + windowMs - time,
    }
  }

  function headersFor(
    remaining: number,
    resetMs: number,
    time: number,
  ): Record<string, string> {
    const reset =
      style === 'x-ratelimit'
        ? Math.ceil((time + resetMs) / 1000)
        : Math.max(0, Math.ceil(resetMs / 1000))
    return {
      [limitName]: String(limit),
      [remainingName]: String(remaining),
      [resetName]: String(reset),
    }
  }

  function checkFixedWindow(bucket: Bucket, time: number): RateLimitDecision {
    if (time >= bucket.since + windowMs) {
      bucket.since = time
      bucket.value = 0
    }
    const resetMs = bucket.since + windowMs - time
    if (bucket.value >= limit) {
      return {
        allowed: false,
        headers: headersFor(0, resetMs, time),
        retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      }
    }
    bucket.value++
    return {
      allowed: true,
      headers: headersFor(limit - bucket.value, resetMs, time),
    }
  }

  function checkTokenBucket(bucket: Bucket, time: number): RateLimitDecision {
    bucket.value = tokensAt(bucket, time)
    bucket.since = time
    if (bucket.value < 1) {
      const waitMs = (1 - bucket.value) * msPerToken
      return {
        allowed: false,
        headers: headersFor(0, untilFull(bucket.value), time),
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      }
    }
    bucket.value -= 1
    return {
      allowed: true,
      headers: headersFor(
        Math.floor(bucket.value),
        untilFull(bucket.value),
        time,
      ),
    }
  }

  return {
    options: { limit, windowMs, algorithm, perEndpoint, headers: style },
    check(key, endpoint) {
      const time = now()
      const id = perEndpoint ? `${key}\n${endpoint ?? ''}` : key
      let bucket = buckets.get(id)
      if (bucket === undefined) {
        bucket = {
          since: time,
          value: algorithm === 'token-bucket' ? limit : 0,
        }
        buckets.set(id, bucket)
      }
      return algorithm === 'token-bucket'
        ? checkTokenBucket(bucket, time)
        : checkFixedWindow(bucket, time)
    },
    exportBuckets() {
      return [...buckets].map(([id, { since, value }]) => [id, since, value])
    },
    importBuckets(counts) {
      buckets.clear()
      for (const [id, since, value] of counts) buckets.set(id, { since, value })
    },
    usage() {
      const time = now()
      const usages: RateLimitUsage[] = []
      for (const [id, bucket] of buckets) {
        const state = standing(bucket, time)
        if (state === undefined) continue
        const [keyLabel = '', endpoint] = id.split('\n')
        usages.push({
          keyLabel,
          ...(perEndpoint ? { endpoint } : {}),
          remaining: state.remaining,
          resetSeconds: Math.max(0, Math.ceil(state.resetMs / 1000)),
        })
      }
      return usages
    },
  }
}
