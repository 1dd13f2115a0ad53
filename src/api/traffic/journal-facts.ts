/**
 * Why the mock refused a request because of the request itself, as the
 * journal tells it: the client's mistake, never a forced answer.
 * - `missing-key`, `other-scheme`, `empty-key`: no `Authorization: Bearer
 *   <key>` header, one of another scheme, or `Bearer` without a key (401);
 * - `unknown-key`, `expired-key`, `revoked-key`: a Bearer key that is not
 *   (or no longer) valid (401);
 * - `unknown-path`: a path under the prefix that no endpoint has (404);
 * - `method-not-allowed`: a method other than GET and HEAD (405);
 * - `invalid-id`: a path parameter that breaks the ID rule (422);
 * - `asset-url-expired`, `asset-url-invalid`: an asset URL past its
 *   lifetime, or altered or signed by another instance (403).
 * @example
 * REFUSAL_CAUSES.includes(entry.cause) // true for every entry that has one
 */
export const REFUSAL_CAUSES = [
  'missing-key',
  'other-scheme',
  'empty-key',
  'unknown-key',
  'expired-key',
  'revoked-key',
  'unknown-path',
  'method-not-allowed',
  'invalid-id',
  'asset-url-expired',
  'asset-url-invalid',
] as const

/** One of {@link REFUSAL_CAUSES}. */
export type RefusalCause = (typeof REFUSAL_CAUSES)[number]

/**
 * Which later requests a 429's `Retry-After` is about: every request of the
 * key, those to the same endpoint (a limit per endpoint, or a scenario
 * narrowed to endpoints), or those to the same path (a scenario narrowed to
 * a path, the `X-Mock-Scenario` header).
 */
export type LimitScope = 'key' | 'endpoint' | 'path'

/**
 * What an answer tells the journal beyond its status, when there is more to
 * tell: set on the few answers that carry it (errors, assets), so the
 * hot path of a 200 adds nothing.
 */
export interface JournalFacts {
  cause?: RefusalCause
  /**
   * For a key the dataset does not know (`unknown-key`): 8 hex digits of a
   * 32-bit hash of it, so that a key sent again is told apart from another
   * without the journal holding it.
   */
  keyFingerprint?: string
  /** The `Retry-After` of a 429 or 503, in seconds. */
  retryAfterSeconds?: number
  /** For a 429: which later requests its `Retry-After` is about. */
  limitScope?: LimitScope
  /**
   * For a genuine asset URL: when it was issued and when it stops (or
   * stopped) working, epoch milliseconds on the clock lifetimes count on.
   */
  assetIssuedMs?: number
  assetExpiresMs?: number
}
