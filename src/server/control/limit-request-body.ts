import type { RequestHandler, Response } from 'express'
import { writeJsonError } from '../answers/write-json-error.js'

/**
 * Puts a size limit in front of a body parser that answers at once: a
 * declared `Content-Length` over `limit` is refused before a byte of the
 * body is read, and a chunked body as soon as it passes `limit`. Either way
 * the answer is 413 `payload_too_large` and the connection is closed.
 * @note body-parser refuses both too, but only after reading the whole body
 * (to keep the connection usable): 250 MB for a 250 MB upload, and no answer
 * at all to a client that declares a length and never sends it.
 */
export function limitRequestBody(
  limit: number,
  parse: RequestHandler,
): RequestHandler {
  const refuse = (response: Response): void => {
    response.setHeader('connection', 'close')
    writeJsonError(
      response,
      413,
      'payload_too_large',
      `The request body is larger than this route accepts (${formatBytes(limit)}). Send a smaller body.`,
    )
  }
  return (request, response, next) => {
    if (Number(request.headers['content-length']) > limit) {
      refuse(response)
      return
    }
    parse(request, response, next)
    // @note Listening after the parser, so its own listener gets every
    // chunk first; both see each chunk in the same event.
    let received = 0
    const count = (chunk: Buffer) => {
      received += chunk.length
      if (received <= limit) return
      request.off('data', count)
      refuse(response)
    }
    if (!request.complete) request.on('data', count)
  }
}

function formatBytes(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`
}
