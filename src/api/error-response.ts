import type { ControlErrorCode, ErrorCode } from '../schema/envelopes.js'
import { createJsonResponse } from './json-response.js'
import type { JournalFacts } from './traffic/journal-facts.js'
import type { ApiResponse } from './types.js'

/**
 * Builds an error response with the spec's envelope,
 * `{ "error": { "code", "message" } }`. The code is one of `ERROR_CODES`, or
 * of `CONTROL_ERROR_CODES` for the control API: every code sent is listed.
 * `facts` go to the journal (why the mock refused the request).
 */
export function createErrorResponse(
  status: number,
  code: ErrorCode | ControlErrorCode,
  message: string,
  headers?: Record<string, string>,
  facts?: JournalFacts,
): ApiResponse {
  const body = JSON.stringify({ error: { code, message } })
  const response = createJsonResponse(status, body, headers)
  return facts === undefined ? response : { ...response, facts }
}
