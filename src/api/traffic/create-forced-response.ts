import type { ErrorCode } from '../../schema/envelopes.js'
import { createErrorResponse } from '../error-response.js'
import type { ApiResponse } from '../types.js'

// Worded as a real service would: an app under demo may show them; the header and journal name the scenario.
const OUTCOMES: Record<number, [code: ErrorCode, message: string]> = {
  400: ['bad_request', 'The request is invalid.'],
  401: ['unauthorized', 'The API key is missing or invalid.'],
  403: ['forbidden', 'Access to this resource is forbidden.'],
  404: ['not_found', 'The resource was not found.'],
  409: ['conflict', 'The request conflicts with the current state.'],
  422: ['invalid_parameter', 'One or more parameters are invalid.'],
  429: [
    'rate_limited',
    'Rate limit exceeded. Wait for the number of seconds in Retry-After, then retry.',
  ],
  500: ['internal_error', 'An unexpected error occurred. Retry later.'],
  502: ['bad_gateway', 'An upstream service failed. Retry later.'],
  503: ['service_unavailable', 'The service is unavailable. Retry later.'],
  504: ['gateway_timeout', 'An upstream service timed out. Retry later.'],
}

/** Carries the scenario's `id`, as `GET /__mock/scenarios` lists it. */
const FORCED_BY_HEADER = 'x-mock-forced-by'

/** `WWW-Authenticate` on 401, `Retry-After` on 429 and 503. */
export function createForcedResponse(
  status: number,
  message?: string,
  retryAfterSeconds?: number,
  forcedBy?: string,
): ApiResponse {
  const [code, defaultMessage]: [ErrorCode, string] = OUTCOMES[status] ?? [
    status >= 500 ? 'internal_error' : 'bad_request',
    `The request failed (${status}).`,
  ]
  const headers: Record<string, string> = {}
  if (forcedBy !== undefined) headers[FORCED_BY_HEADER] = forcedBy
  if (status === 401) {
    headers['www-authenticate'] =
      'Bearer realm="content-api", error="invalid_token"'
  }
  const retries = status === 429 || status === 503
  const seconds = retryAfterSeconds ?? 30
  if (retries) headers['retry-after'] = String(seconds)
  // @note Kept as a number in the facts too: the `error-variants` variant
  // writes the header as an HTTP date.
  return createErrorResponse(
    status,
    code,
    message ?? defaultMessage,
    headers,
    retries ? { retryAfterSeconds: seconds } : undefined,
  )
}
