import type { AppliedVariant } from '../schema/variants.js'

/** What the service did that the mock's strict schema does not, and the fix. */
export interface DriftKindRule {
  /** What the service does, in words, as the first half of the fix line. */
  readonly summary: string
  /** The variant of docs/variants.md that makes the mock behave this way. */
  readonly variant?: AppliedVariant
  /** What to do where no variant mimics it (default: open an issue). */
  readonly advice?: string
}

const NO_VARIANT =
  'no variant mimics this yet: keep the verify report and open an issue'

/**
 * Every kind of drift `verify` reports, and the variant that mimics it.
 * `slow-body` is in no row: it changes when bytes arrive, not which.
 * @note A test holds the variants named here to `VARIANT_NAMES`.
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
  },
  envelope: {
    summary: 'the service wraps its answers in another envelope than spec 7',
  },
  'field-type': {
    summary: 'the service sends a field of another type or format',
  },
  'content-type': {
    summary: 'the service labels JSON with another Content-Type',
  },
  'www-authenticate': {
    summary: 'the service answers 401 without a Bearer WWW-Authenticate',
  },
  'rate-limit-headers': {
    summary: 'the service sends rate-limit headers',
    advice:
      'start the mock with `--rate-limit <n>/<window>` (and `--rate-limit-headers x-ratelimit` for X-RateLimit-*) to send them too',
  },
} as const satisfies Record<string, DriftKindRule>

/** One kind of drift: a key of `DRIFT_KINDS`. */
export type DriftKind = keyof typeof DRIFT_KINDS

/** E.g. "the service sends …: test your client with `--variant nullable`". */
export function describeDriftFix(kind: DriftKind): string {
  const rule: DriftKindRule = DRIFT_KINDS[kind]
  return rule.variant === undefined
    ? `${rule.summary}: ${rule.advice ?? NO_VARIANT}`
    : `${rule.summary}: test your client with \`--variant ${rule.variant}\``
}
