/** Each defaults to `POLITE_CLIENT_DEFAULTS`. */
export interface PoliteClientOptions {
  concurrency?: number
  /** Requests started per second; `Infinity` for no pace. */
  rate?: number
  retries?: number
  backoffMs?: number
  backoffLimitMs?: number
  maxRetryAfterMs?: number
  timeoutMs?: number
  /** The largest body `get` and `answer` read (a download has its own cap). */
  maxBodyBytes?: number
  /** The statuses worth another attempt (default 408, 429, 500, 502–504). */
  retryStatuses?: readonly number[]
  /** Whether a timeout or a network error is worth another attempt (default true). */
  retryFailures?: boolean
  headers?: Record<string, string>
  /** Told of each retry: the URL, the attempt to come (2…) and why. */
  onRetry?: (retry: { url: string; attempt: number; reason: string }) => void
  fetch?: typeof fetch
}

/** A request the client gave up on, after its retries. */
export interface PoliteFailure {
  url: string
  /** What went wrong last, in words: `HTTP 503`, `network error: …`, `timed out`. */
  reason: string
  status?: number
  timedOut?: true
  /** The body was larger than its cap (not read further). */
  tooLarge?: true
  attempts: number
}

export type PoliteOutcome<T> =
  { ok: true; value: T } | ({ ok: false } & PoliteFailure)

/**
 * An answer as the service sent it, whatever its status: headers with
 * lower-case names, and the body whole, or why it is not (the connection
 * closed or the time ran out after the headers).
 */
export interface PoliteAnswer {
  status: number
  headers: Record<string, string>
  body:
    | { whole: true; bytes: Uint8Array }
    | { whole: false; reason: string; timedOut: boolean }
}

export interface PoliteStats {
  /** Attempts sent, retries included. */
  requests: number
  retries: number
  /** Answers 429 received. */
  rateLimited: number
}
