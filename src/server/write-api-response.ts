import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../api/types.js'
import { writeDeliveredBody } from './write-delivered-body.js'

/**
 * Writes a response description to a Node response in one go, after any
 * headers already set on it (CORS).
 * @example
 * writeApiResponse(res, mock.handle(toApiRequest(req, origin))!)
 */
export function writeApiResponse(
  response: ServerResponse,
  apiResponse: ApiResponse,
  isHead = false,
): void {
  const { body } = apiResponse
  if (body === null) {
    response.writeHead(apiResponse.status, apiResponse.headers)
    response.end()
    return
  }
  // @note An explicit length keeps Node from chunking a body it has whole.
  response.setHeader(
    'content-length',
    typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
  )
  response.writeHead(apiResponse.status, apiResponse.headers)
  if (apiResponse.delivery !== undefined && !isHead) {
    writeDeliveredBody(response, body, apiResponse.delivery)
    return
  }
  response.end(isHead ? undefined : body)
}
