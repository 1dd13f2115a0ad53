import {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_NAMES,
  RATE_LIMIT_HEADER_STYLES,
  type RateLimit,
} from '../../schema/scenario.js'
import { parseDuration } from '../../schema/parse-duration.js'
import { cached } from '../../data/cached.js'

/** As the key's next rate-limit headers would say. */
export interface RateLimitUsage {
  /** `keyLabel` in the journal, or `anonymous`. */
  keyLabel: string
  endpoint?: string
  /** `RateLimit-Remaining`. */
  remaining: number
  /** Until the window ends or the bucket is full again (`RateLimit-Reset`). */
  resetSeconds: number
}

type LimiterOptions = Readonly<Required<Omit<RateLimit, 'window'>>> & {
  windowMs: number
}

interface Bucket {
  /** Fixed window: when the window started. Token bucket: last refill. */
  since: number
  /** Fixed window: requests counted. Token bucket: tokens left. */
  value: number
}

/**
 * The spec shows that 429 exists, not its values or headers, so every part is configurable. `'fixed-window'` (default)
 * counts from a key's first request in a window; `'token-bucket'` refills evenly over the window.
 * `headers: 'ratelimit'` gives the reset in seconds, `'x-ratelimit'` in epoch seconds.
 * One bucket per key (and endpoint). `rateLimit` as `rateLimitSchema` parsed
 * it: `limit` a whole number, 1 or more.
 */
export class RateLimiter {
  readonly options: LimiterOptions
  readonly #now: () => number
  readonly #buckets = new Map<string, Bucket>()
  readonly #msPerToken: number
  readonly #names: { limit: string; remaining: string; reset: string }

  constructor(rateLimit: RateLimit, now: () => number) {
    const options: LimiterOptions = {
      limit: rateLimit.limit,
      windowMs: parseDuration(rateLimit.window, 'rate-limit window'),
      algorithm: rateLimit.algorithm ?? RATE_LIMIT_ALGORITHMS[0],
      perEndpoint: rateLimit.perEndpoint ?? false,
      headers: rateLimit.headers ?? RATE_LIMIT_HEADER_STYLES[0],
    }
    this.options = options
    this.#now = now
    this.#msPerToken = options.windowMs / options.limit
    const names = RATE_LIMIT_HEADER_NAMES[options.headers]
    this.#names = {
      limit: names.limit.toLowerCase(),
      remaining: names.remaining.toLowerCase(),
      reset: names.reset.toLowerCase(),
    }
  }

  /** Counts a request; `retryAfterSeconds` only when it is not allowed. */
  check(key: string, endpoint: string | undefined) {
    const time = this.#now()
    const { perEndpoint, algorithm, limit, windowMs } = this.options
    const id = perEndpoint ? `${key}\n${endpoint ?? ''}` : key
    const tokens = algorithm === 'token-bucket'
    const bucket = cached(this.#buckets, id, () => ({
      since: time,
      value: tokens ? limit : 0,
    }))
    if (tokens) {
      bucket.value = this.#tokensAt(bucket, time)
      bucket.since = time
    } else if (time >= bucket.since + windowMs) {
      bucket.since = time
      bucket.value = 0
    }
    // A request takes a token from the bucket, or counts in the window.
    const allowed = tokens ? !(bucket.value < 1) : bucket.value < limit
    if (allowed) bucket.value += tokens ? -1 : 1
    const { remaining, resetMs } = this.#standing(bucket, time)
    const headers = this.#headersFor(allowed ? remaining : 0, resetMs, time)
    if (allowed) return { allowed, headers }
    const waitMs = tokens ? (1 - bucket.value) * this.#msPerToken : resetMs
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
    return { allowed, headers, retryAfterSeconds }
  }

  /** Plain numbers, to hand to another copy. */
  exportBuckets(): Array<[string, number, number]> {
    return [...this.#buckets].map(([id, { since, value }]) => [
      id,
      since,
      value,
    ])
  }

  importBuckets(counts: ReadonlyArray<[string, number, number]>): void {
    this.#buckets.clear()
    for (const [id, since, value] of counts) {
      this.#buckets.set(id, { since, value })
    }
  }

  /** Keys whose count is running (a window not over, a bucket not full); counts nothing. */
  usage(): RateLimitUsage[] {
    const time = this.#now()
    const usages: RateLimitUsage[] = []
    for (const [id, bucket] of this.#buckets) {
      const { remaining, resetMs } = this.#standing(bucket, time)
      // A window over or a bucket full: its count starts afresh.
      if (resetMs <= 0) continue
      const [keyLabel = '', endpoint] = id.split('\n')
      usages.push({
        keyLabel,
        ...(this.options.perEndpoint ? { endpoint } : {}),
        remaining,
        resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
      })
    }
    return usages
  }

  /** A token bucket's tokens at `time`: what it held, refilled since. */
  #tokensAt(bucket: Bucket, time: number): number {
    const refilled = bucket.value + (time - bucket.since) / this.#msPerToken
    return Math.min(this.options.limit, refilled)
  }

  /** A bucket's requests left and milliseconds until its window ends or it is full again, at `time`, without changing it. */
  #standing(bucket: Bucket, time: number) {
    const { algorithm, limit, windowMs } = this.options
    if (algorithm === 'token-bucket') {
      const tokens = this.#tokensAt(bucket, time)
      const resetMs = (limit - tokens) * this.#msPerToken
      return { remaining: Math.floor(tokens), resetMs }
    }
    return {
      remaining: limit - bucket.value,
      resetMs: bucket.since + windowMs - time,
    }
  }

  #headersFor(
    remaining: number,
    resetMs: number,
    time: number,
  ): Record<string, string> {
    const reset =
      this.options.headers === 'x-ratelimit'
        ? Math.ceil((time + resetMs) / 1000)
        : Math.max(0, Math.ceil(resetMs / 1000))
    return {
      [this.#names.limit]: String(this.options.limit),
      [this.#names.remaining]: String(remaining),
      [this.#names.reset]: String(reset),
    }
  }
}
