/**
 * Why the mock refused a request because of the request itself (the client's mistake, never a
 * forced answer): 401 for the key causes, 404 `unknown-path`, 405, 422 `invalid-id`, 403 for asset URLs.
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

export type RefusalCause = (typeof REFUSAL_CAUSES)[number]

/** Which later requests a 429's `Retry-After` is about: the key's, one endpoint's, or one path's. */
export type LimitScope = 'key' | 'endpoint' | 'path'

/** Set only on the few answers that carry it (errors, assets), so the hot path of a 200 adds nothing. */
export interface JournalFacts {
  cause?: RefusalCause
  /** For an `unknown-key`: 8 hex digits of a 32-bit hash, to tell a key sent again apart without holding it. */
  keyFingerprint?: string
  /** Of a 429 or 503. */
  retryAfterSeconds?: number
  limitScope?: LimitScope
  /** On the clock lifetimes count on. */
  assetIssuedMs?: number
  assetExpiresMs?: number
}
