import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
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
  if (body !== null && !(body instanceof ReadableStream)) {
    raw.push(
      'content-length',
      headers['content-length'] ??
        String(
          typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
        ),
    )
  }
  const ownLength = body === null || body instanceof ReadableStream
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

/**
 * Sends a streamed asset as the client takes it.
 * @note `pipeline`, not `pipe`: a client that leaves destroys the source
 * too, which cancels the stream and so closes the file it reads.
 */
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
