import type { ApiResponse } from './types.js'

/**
 * `Content-Type` of every JSON body the mock sends.
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * Builds a JSON response description from an already serialised body.
 */
export function createJsonResponse(
  status: number,
  body: string,
  headers?: Record<string, string>,
): ApiResponse {
  return {
    status,
    headers: { 'content-type': JSON_CONTENT_TYPE, ...headers },
    body,
  }
}
