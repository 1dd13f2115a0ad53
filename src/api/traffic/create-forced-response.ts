import type { ErrorCode } from '../../schema/envelopes.js'
import { createErrorResponse } from '../error-response.js'
import type { ApiResponse } from '../types.js'

const OUTCOMES: Record<number, [code: ErrorCode, message: string]> = {
  400: ['bad_request', 'The request was rejected by a forced scenario (400).'],
  401: ['unauthorized', 'The API key was rejected by a forced scenario (401).'],
  403: ['forbidden', 'The request was refused by a forced scenario (403).'],
  404: ['not_found', 'The resource was hidden by a forced scenario (404).'],
  409: ['conflict', 'The request conflicted, as a forced scenario says (409).'],
  422: [
    'invalid_parameter',
    'The parameters were rejected by a forced scenario (422).',
  ],
  429: [
    'rate_limited',
    'Rate limit exceeded. Wait for the number of seconds in Retry-After, then retry.',
  ],
  500: [
    'internal_error',
    'An unexpected error occurred (forced by a scenario). Retry later.',
  ],
  502: [
    'bad_gateway',
    'An upstream service failed (forced by a scenario). Retry later.',
  ],
  503: [
    'service_unavailable',
    'The service is unavailable (forced by a scenario). Retry later.',
  ],
  504: [
    'gateway_timeout',
    'An upstream service timed out (forced by a scenario). Retry later.',
  ],
}

/**
 * The response a scenario forces for a status: the API's error envelope with
 * a code that fits the status, `WWW-Authenticate` on 401 and `Retry-After`
 * on 429 and 503.
 * @example
 * createForcedResponse(429, undefined, 30)
 */
export function createForcedResponse(
  status: number,
  message?: string,
  retryAfterSeconds?: number,
): ApiResponse {
  const [code, defaultMessage]: [ErrorCode, string] = OUTCOMES[status] ?? [
    status >= 500 ? 'internal_error' : 'bad_request',
    `The request was answered ${status} by a forced scenario.`,
  ]
  const headers: Record<string, string> = {}
  if (status === 401) {
    headers['www-authenticate'] =
      'Bearer realm="content-api", error="invalid_token"'
  }
  if (status === 429 || status === 503) {
    headers['retry-after'] = String(retryAfterSeconds ?? 30)
  }
  return createErrorResponse(status, code, message ?? defaultMessage, headers)
}
