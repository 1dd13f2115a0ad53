import type { AppliedVariant } from '../../schema/variants.js'

/** `text` replaces the JSON body (an HTML error page). */
export interface VariantAnswer {
  status: number
  headers: Record<string, string>
  json: unknown
  text?: string
}

export interface VariantRequest {
  path: string
  query: URLSearchParams
  now: number
  /** See `createVariantRandom`. */
  random(variant: AppliedVariant, id: string): () => number
}

export type VariantTransform = (
  answer: VariantAnswer,
  request: VariantRequest,
) => void
