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

export interface PoliteClient {
  /**
   * GETs `url` and reads its body whole with `read` (default: parsed JSON),
   * retrying as the client's rules say, with `init.headers` on top of the
   * client's. An answer other than 2xx is a failure. Never rejects for a
   * failed request: the outcome says what failed, and `failures()` lists it.
   */
  get<T = unknown>(
    url: string,
    read?: (body: Response) => Promise<T>,
    init?: { headers?: Record<string, string> },
  ): Promise<PoliteOutcome<T>>
  /**
   * GETs `url` as `get` does, but any answer is the value, its status and
   * headers as sent (after the retries, the last one's): only no answer at
   * all is a failure.
   */
  answer(
    url: string,
    init?: { headers?: Record<string, string> },
  ): Promise<PoliteOutcome<PoliteAnswer>>
  /**
   * GETs `url` as `get` does up to the answer's headers (retried as `get`
   * is while no 2xx came), then hands its body, unread, to `save`, which
   * streams it: a download is never held whole nor retried once it
   * started, and no timeout covers its body (`save` bounds it).
   */
  download<T>(
    url: string,
    save: (response: Response) => Promise<T>,
  ): Promise<PoliteOutcome<T>>
  failures(): PoliteFailure[]
  stats(): PoliteStats
}
