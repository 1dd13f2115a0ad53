import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../../api/types.js'
import { writeDeliveredBody } from './write-delivered-body.js'

const NO_HEADERS: readonly string[] = []

/**
 * Writes a response description to a Node response in one go, after any
 * headers already set on it and the raw header pairs of `leading`
 * (`[name, value, name, value, …]`, e.g. the CORS headers).
 * @note One `writeHead` with a flat array: Node writes the array as it is,
 * where `setHeader` and a headers object cost a lookup and a copy per header
 * (the API's fast path). Headers set on the response
 * before still come first, and the answer's own override them, as before.
 * @example
 * writeApiResponse(res, mock.handle(toApiRequest(req, origin))!)
 */
export function writeApiResponse(
  response: ServerResponse,
  apiResponse: ApiResponse,
  isHead = false,
  leading: readonly string[] = NO_HEADERS,
): void {
  const { body, headers } = apiResponse
  const raw = leading.slice()
  // @note An explicit length keeps Node from chunking a body it has whole.
  // The answer's own length (a range of an asset) wins; header names in an
  // answer are lower-case.
  if (body !== null) {
    raw.push(
      'content-length',
      headers['content-length'] ??
        String(
          typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
        ),
    )
  }
  for (const name in headers) {
    if (body === null || name !== 'content-length') {
      raw.push(name, headers[name]!)
    }
  }
  response.writeHead(apiResponse.status, raw)
  if (body === null) {
    response.end()
    return
  }
  if (apiResponse.delivery !== undefined && !isHead) {
    writeDeliveredBody(response, body, apiResponse.delivery)
    return
  }
  response.end(isHead ? undefined : body)
}
