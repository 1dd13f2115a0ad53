import type { AppliedVariant } from '../../schema/variants.js'

/**
 * An answer while the variants rewrite it: its status, headers and parsed
 * JSON body, or the text that replaces the JSON (an HTML error page).
 */
export interface VariantAnswer {
  status: number
  headers: Record<string, string>
  json: unknown
  /** A non-JSON body that replaces `json` when set. */
  text?: string
  endpoint: string | undefined
}

/**
 * What a variant may read besides the answer: the request and its draws.
 */
export interface VariantRequest {
  /** The raw path of the request. */
  path: string
  /** The parsed query string. */
  query: URLSearchParams
  /** The mock clock, in epoch milliseconds. */
  now: number
  /** The seeded draws of a variant for an ID (see `createVariantRandom`). */
  random(variant: AppliedVariant, id: string): () => number
}

/**
 * One variant that rewrites answers in place.
 */
export type VariantTransform = (
  answer: VariantAnswer,
  request: VariantRequest,
) => void
