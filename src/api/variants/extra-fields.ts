import { isJsonRecord } from '../../data/is-json-record.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * `extra-fields`: every object of the body gains `x_extension`, `meta` a
 * `request_id` and a `schema_version`, an error a `request_id` and
 * `details`, as a newer version of the service may send them.
 */
export const applyExtraFields: VariantTransform = (answer, request) => {
  const random = request.random('extra-fields', request.path)
  const token = () => Math.floor(random() * 0xffffffff).toString(16)
  const requestId = `req_${token()}${token()}`
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit)
      return
    }
    if (!isJsonRecord(value)) return
    for (const child of Object.values(value)) visit(child)
    value.x_extension = `ext_${token()}`
  }
  visit(answer.json)
  if (!isJsonRecord(answer.json)) return
  const { meta, error } = answer.json
  if (isJsonRecord(meta)) {
    meta.request_id = requestId
    meta.schema_version = 2
  }
  if (isJsonRecord(error)) {
    error.request_id = requestId
    error.details = []
  }
}
