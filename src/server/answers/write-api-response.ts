import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { ApiResponse } from '../../api/types.js'
import { writeDeliveredBody } from './write-delivered-body.js'

const NO_HEADERS: readonly string[] = []

/**
 * `leading` is raw `[name, value, …]` pairs, e.g. the CORS headers.
 * @note One `writeHead` with a flat array: `setHeader` and a headers object
 * cost a lookup and a copy per header on the API's fast path.
 */
export function writeApiResponse(
  response: ServerResponse,
  apiResponse: ApiResponse,
  isHead = false,
  leading: readonly string[] = NO_HEADERS,
): void {
  const { body, headers } = apiResponse
  const raw = leading.slice()
  const ownLength = body === null || body instanceof ReadableStream
  // An explicit length keeps Node from chunking a body it has whole.
  if (!ownLength) {
    raw.push(
      'content-length',
      headers['content-length'] ??
        String(
          typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
        ),
    )
  }
  for (const name in headers) {
    if (ownLength || name !== 'content-length') {
      raw.push(name, headers[name]!)
    }
  }
  response.writeHead(apiResponse.status, raw)
  if (body === null) {
    response.end()
    return
  }
  if (body instanceof ReadableStream) {
    writeStream(response, body, isHead)
    return
  }
  if (apiResponse.delivery !== undefined && !isHead) {
    writeDeliveredBody(response, body, apiResponse.delivery)
    return
  }
  response.end(isHead ? undefined : body)
}

// `pipeline`, not `pipe`: a client that leaves closes the file read too.
function writeStream(
  response: ServerResponse,
  body: ReadableStream<Uint8Array>,
  isHead: boolean,
): void {
  if (isHead) {
    void body.cancel()
    response.end()
    return
  }
  pipeline(
    Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
    response,
  ).catch(() => {
    // A file cut while it was served: the length sent cannot be kept, so
    // the connection ends early and the client sees an incomplete body.
    response.destroy()
  })
}
