import type { ApiContext } from '../api-context.js'
import { byteLengthOf } from '../byte-length-of.js'
import type { ApiRequest, ApiResponse, BodyDelivery } from '../types.js'
import type { AppliedVariant } from '../../schema/variants.js'
import { applyErrorVariants } from './error-variants.js'
import { expandVariants, nameVariants } from './expand-variants.js'
import { applyExtraFields } from './extra-fields.js'
import { applyLenientIds } from './lenient-ids.js'
import { applyNullable } from './nullable.js'
import { applyOtherModes } from './other-modes.js'
import { applyPaginated } from './paginated.js'
import { applyPublishStatuses } from './publish-statuses.js'
import { applyUnicode } from './unicode.js'
import { readVariantHeader } from './read-variant-header.js'
import { createVariantRandom } from './create-variant-random.js'
import type { VariantAnswer, VariantTransform } from './variant-answer.js'

/** Status first (lenient IDs, pages), then records, then wrappers, then errors (which may leave JSON for HTML). */
const TRANSFORMS: ReadonlyArray<[AppliedVariant, VariantTransform]> = [
  ['lenient-ids', applyLenientIds],
  ['paginated', applyPaginated],
  ['other-modes', applyOtherModes],
  ['publish-statuses', applyPublishStatuses],
  ['nullable', applyNullable],
  ['unicode', applyUnicode],
  ['extra-fields', applyExtraFields],
  ['error-variants', applyErrorVariants],
]

/** `slow-body` sends this many pieces, this far apart. */
const SLOW_BODY = { pieces: 5, intervalMs: 40 } as const

/** The one check on the request path when no variant is in use. */
export function usesVariants(
  context: ApiContext,
  request: ApiRequest,
): boolean {
  return (
    context.variants.active.length !== 0 ||
    (!context.strict && request.headers.get('x-mock-variant') != null)
  )
}

/** A header naming an unknown variant got its 400 earlier. Draws come from the seed, the variant and the record ID, so both adapters send the same bytes. */
export function applyVariants(
  context: ApiContext,
  request: ApiRequest,
  response: ApiResponse,
): ApiResponse {
  const header = readVariantHeader(context, request)
  const requested = Array.isArray(header) ? header : []
  const applied =
    requested.length === 0
      ? context.variants.active
      : expandVariants([...context.variants.active, ...requested])
  if (applied.length === 0) return response
  const result: ApiResponse = {
    ...response,
    headers: { ...response.headers },
    variants: nameVariants(applied),
  }
  if (typeof response.body === 'string' && isJson(response.headers)) {
    const answer: VariantAnswer = {
      status: response.status,
      headers: result.headers,
      json: JSON.parse(response.body),
    }
    const { seed } = context.variants
    const variantRequest = {
      path: request.path,
      query: new URLSearchParams(request.query),
      now: context.now(),
      random: (variant: AppliedVariant, id: string) =>
        createVariantRandom(seed, variant, id),
    }
    for (const [name, transform] of TRANSFORMS) {
      if (applied.includes(name)) transform(answer, variantRequest)
    }
    result.status = answer.status
    result.body = answer.text ?? JSON.stringify(answer.json)
  }
  const delivery = readDelivery(context, request, result, applied)
  if (delivery !== undefined) result.delivery = delivery
  return result
}

function readDelivery(
  context: ApiContext,
  request: ApiRequest,
  response: ApiResponse,
  applied: readonly AppliedVariant[],
): BodyDelivery | undefined {
  // @note A stream is an asset's body, which variants never change.
  if (
    response.body === null ||
    response.body instanceof ReadableStream ||
    request.method === 'HEAD'
  ) {
    return undefined
  }
  const slow = applied.includes('slow-body')
  // @note Every other answer to the same request is cut, the first included: a client that retries once gets it whole.
  const attempt = `${request.method} ${request.path}?${request.query}`
  const truncated =
    applied.includes('truncated') &&
    context.variants.nextAttempt(attempt) % 2 === 1
  if (!slow && !truncated) return undefined
  const length = byteLengthOf(response.body)
  return {
    pieces: slow ? SLOW_BODY.pieces : 1,
    intervalMs: slow ? SLOW_BODY.intervalMs : 0,
    ...(truncated && { truncateAt: Math.floor(length / 2) }),
  }
}

function isJson(headers: Record<string, string>): boolean {
  return headers['content-type']?.startsWith('application/json') === true
}
