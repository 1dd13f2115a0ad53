/**
 * The defaults of `PoliteClient`, and so of `record`'s flags: a client
 * that a service's operators would not notice. `retries` are further
 * attempts (at most `retries + 1`); backoff doubles from `backoffMs` up to
 * `backoffLimitMs`; `timeoutMs` covers one attempt and its body (a
 * download's headers only); `idleTimeoutMs` is the longest a download may
 * send no byte.
 */
export const POLITE_CLIENT_DEFAULTS = {
  concurrency: 4,
  /** Requests started per second; `Infinity` for no pace. */
  rate: 10,
  retries: 4,
  backoffMs: 500,
  backoffLimitMs: 10_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 30_000,
  /** The largest body `get` and `answer` read (a download has its own cap). */
  maxBodyBytes: 64 * 1024 ** 2,
  idleTimeoutMs: 30_000,
} as const
