import { isJsonRecord } from '../../data/is-json-record.js'
import { JSON_CONTENT_TYPE } from '../json-response.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * The `error.code` of each status under the `error-variants` variant,
 * instead of the mock's own; other statuses get `error`.
 * @example
 * VARIANT_ERROR_CODES[404] // 'resource_not_found'
 */
export const VARIANT_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'invalid_api_key',
  404: 'resource_not_found',
  405: 'unsupported_method',
  422: 'validation_error',
  429: 'too_many_requests',
  500: 'server_error',
}

const GATEWAY_PAGES: Readonly<Record<number, string>> = {
  502: 'Bad Gateway',
  504: 'Gateway Time-out',
}

/**
 * `error-variants`: errors as another service, or a gateway in front of
 * it, sends them; drawn per status and path. A 5xx answers, two times in
 * five each, an HTML page with status 502 or 504 (`text/html`), as a
 * gateway does; every other error gets another code
 * (`VARIANT_ERROR_CODES`), and half of them no `message`. A `Retry-After`
 * in seconds becomes an HTTP date.
 */
export const applyErrorVariants: VariantTransform = (answer, request) => {
  if (answer.status < 400) return
  const retryAfter = answer.headers['retry-after']
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter)) {
    answer.headers['retry-after'] = new Date(
      Math.ceil(request.now / 1000) * 1000 + Number(retryAfter) * 1000,
    ).toUTCString()
  }
  if (!isJsonRecord(answer.json) || !isJsonRecord(answer.json.error)) return
  const random = request.random(
    'error-variants',
    `${answer.status} ${request.path}`,
  )
  const draw = random()
  if (answer.status >= 500 && draw < 0.8) {
    const status = draw < 0.4 ? 502 : 504
    const title = `${status} ${GATEWAY_PAGES[status]}`
    answer.status = status
    answer.text = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
    answer.headers['content-type'] = 'text/html; charset=utf-8'
    return
  }
  const { error } = answer.json
  error.code = VARIANT_ERROR_CODES[answer.status] ?? 'error'
  if (random() < 0.5) delete error.message
  answer.headers['content-type'] = JSON_CONTENT_TYPE
}
