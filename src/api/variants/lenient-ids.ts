import { isJsonRecord } from '../../data/is-json-record.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * `lenient-ids`: a malformed ID in the path answers 404 `not_found`, as for
 * an ID that does not exist, instead of 422 (the spec never defines an ID
 * syntax, so the real service may not check one).
 */
export const applyLenientIds: VariantTransform = (answer, request) => {
  if (answer.status !== 422 || !isJsonRecord(answer.json)) return
  const { error } = answer.json
  if (!isJsonRecord(error) || error.code !== 'invalid_parameter') return
  answer.status = 404
  answer.json = {
    error: {
      code: 'not_found',
      message: `Nothing found at ${request.path}.`,
    },
  }
}
