import type { AppliedVariant } from '../schema/variants.js'

/**
 * One kind of difference between the real service and the mock's strict
 * schema: what the service did, and either the variant that makes the mock
 * do the same (so a client can be tested against it) or, where no variant
 * does, what to do instead.
 */
export interface DriftKindRule {
  /** What the service does, in words, as the first half of the fix line. */
  readonly summary: string
  /** The variant of docs/variants.md that makes the mock behave this way. */
  readonly variant?: AppliedVariant
  /** What to do where no variant mimics it. */
  readonly advice?: string
}

const NO_VARIANT =
  'no variant mimics this yet: keep the verify report and open an issue'

/**
 * Every kind of drift `content-api-mock verify` reports, mapped to the
 * variant that mimics it. `slow-body` is in no row: it changes when bytes
 * arrive, not which, so comparing answers cannot see it (docs/contract.md).
 * @note test/contract/contract-drift.test.ts holds every variant named here to
 * `VARIANT_NAMES`, so renaming a variant fails until this table follows.
 */
export const DRIFT_KINDS = {
  'unknown-field': {
    summary: 'the service sends fields the spec does not list',
    variant: 'extra-fields',
  },
  'null-or-absent': {
    summary: 'the service sends null or leaves out fields the spec lists',
    variant: 'nullable',
  },
  'unknown-mode': {
    summary: 'the service sends content modes other than moviemode',
    variant: 'other-modes',
  },
  'unknown-publish-status': {
    summary: 'the service sends publish statuses other than success',
    variant: 'publish-statuses',
  },
  'lenient-id': {
    summary: 'the service answers a malformed ID with 404, not 422',
    variant: 'lenient-ids',
  },
  pagination: {
    summary: 'the service answers lists in pages',
    variant: 'paginated',
  },
  'error-code': {
    summary: 'the service sends other error codes than the mock',
    variant: 'error-variants',
  },
  'error-message': {
    summary: 'the service sends errors without a message',
    variant: 'error-variants',
  },
  'retry-after': {
    summary: 'the service sends Retry-After as an HTTP date',
    variant: 'error-variants',
  },
  'not-json': {
    summary: 'the service answers with a body that is not JSON',
    variant: 'error-variants',
  },
  'unusual-text': {
    summary:
      'the service sends text with emoji, right-to-left script, combining marks or thousands of characters',
    variant: 'unicode',
  },
  'cut-short': {
    summary: 'the service closes connections before the body is complete',
    variant: 'truncated',
  },
  'status-code': {
    summary: 'the service answers another status than the mock for the case',
    advice: NO_VARIANT,
  },
  envelope: {
    summary: 'the service wraps its answers in another envelope than spec 7',
    advice: NO_VARIANT,
  },
  'field-type': {
    summary: 'the service sends a field of another type or format',
    advice: NO_VARIANT,
  },
  'content-type': {
    summary: 'the service labels JSON with another Content-Type',
    advice: NO_VARIANT,
  },
  'www-authenticate': {
    summary: 'the service answers 401 without a Bearer WWW-Authenticate',
    advice: NO_VARIANT,
  },
  'rate-limit-headers': {
    summary: 'the service sends rate-limit headers',
    advice:
      'start the mock with `--rate-limit <n>/<window>` (and `--rate-limit-headers x-ratelimit` for X-RateLimit-*) to send them too',
  },
} as const satisfies Record<string, DriftKindRule>

/** One kind of drift: a key of `DRIFT_KINDS`. */
export type DriftKind = keyof typeof DRIFT_KINDS

/**
 * The one-line fix for a kind of drift, e.g. "the service sends fields the
 * spec does not list: test your client with `--variant extra-fields`".
 */
export function describeDriftFix(kind: DriftKind): string {
  const rule: DriftKindRule = DRIFT_KINDS[kind]
  return rule.variant === undefined
    ? `${rule.summary}: ${rule.advice ?? NO_VARIANT}`
    : `${rule.summary}: test your client with \`--variant ${rule.variant}\``
}
