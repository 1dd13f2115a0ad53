/**
 * The defaults of `createPoliteClient`, and so of `record`'s flags: a
 * client that a service's operators would not notice.
 * - `concurrency`: requests in flight at once.
 * - `rate`: requests started per second (spread evenly, not in bursts).
 * - `retries`: further attempts after a 429, a 5xx, a timeout or a network
 *   error (so at most `retries + 1` attempts).
 * - `backoffMs`, `backoffLimitMs`: the first wait between attempts without
 *   `Retry-After`, doubled each time up to the limit (0.5 s, 1 s, 2 s…).
 * - `maxRetryAfterMs`: the longest wait a `Retry-After` may ask for.
 * - `timeoutMs`: the longest one attempt may take, its body included; for
 *   a download, the longest wait for its headers.
 * - `maxBodyBytes`: the largest JSON answer read (64 MiB); a larger one is
 *   a failure, not retried, and never held whole.
 * - `idleTimeoutMs`: the longest a download may send no byte; it may take
 *   as long as it likes while bytes come.
 */
export const POLITE_CLIENT_DEFAULTS = {
  concurrency: 4,
  rate: 10,
  retries: 4,
  backoffMs: 500,
  backoffLimitMs: 10_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 30_000,
  maxBodyBytes: 64 * 1024 ** 2,
  idleTimeoutMs: 30_000,
} as const
