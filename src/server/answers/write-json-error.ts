import type { ServerResponse } from 'node:http'
import { createErrorResponse } from '../../api/error-response.js'
import type { ControlErrorCode, ErrorCode } from '../../schema/envelopes.js'
import { writeApiResponse } from './write-api-response.js'

/**
 * Answers with the API's error envelope, unless the response has started.
 */
export function writeJsonError(
  response: ServerResponse,
  status: number,
  code: ErrorCode | ControlErrorCode,
  message: string,
  headers?: Record<string, string>,
): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  writeApiResponse(
    response,
    createErrorResponse(status, code, message, headers),
  )
}
