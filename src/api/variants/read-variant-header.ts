import type { ApiContext } from '../api-context.js'
import { createErrorResponse } from '../error-response.js'
import type { ApiRequest, ApiResponse } from '../types.js'
import { VARIANT_NAMES, type VariantName } from '../../schema/variants.js'

/**
 * The variants named by `X-Mock-Variant` (comma-separated), none when absent
 * or in strict mode, or the 400 that lists the variants. Read right after
 * authentication, as `X-Mock-Scenario` is: a request refused for its header
 * is not counted by a rate limit, and an unauthenticated one gets its 401.
 */
export function readVariantHeader(
  context: ApiContext,
  request: ApiRequest,
): VariantName[] | ApiResponse {
  if (context.strict) return []
  const header = request.headers.get('x-mock-variant')
  if (header == null) return []
  const names = header
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = names.find(
    (name) => !(VARIANT_NAMES as readonly string[]).includes(name),
  )
  if (unknown === undefined) return names as VariantName[]
  return createErrorResponse(
    400,
    'unknown_variant',
    `Unknown variant ${JSON.stringify(unknown.slice(0, 40))} in the X-Mock-Variant header. Use one or more of: ${VARIANT_NAMES.join(', ')}, separated by commas; or remove the header.`,
  )
}
