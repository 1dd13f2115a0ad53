import type { ErrorCode } from '../schema/envelopes.js'
import { createJsonResponse } from './json-response.js'
import type { ApiResponse } from './types.js'

/**
 * Builds an error response with the spec's envelope,
 * `{ "error": { "code", "message" } }`.
 * @example
 * createErrorResponse(404, 'not_found', 'No project "p9" is visible to this API key.')
 */
export function createErrorResponse(
  status: number,
  code: ErrorCode | (string & {}),
  message: string,
  headers?: Record<string, string>,
): ApiResponse {
  return createJsonResponse(
    status,
    JSON.stringify({ error: { code, message } }),
    headers,
  )
}
