import type { RequestHandler, Response } from 'express'
import { writeJsonError } from '../answers/write-json-error.js'
import { formatFileSize } from '../files/format-file-size.js'

/**
 * 413 and a closed connection as soon as a body is known to pass `limit`:
 * body-parser refuses only after reading the whole body (to keep the
 * connection), and never answers a client that declares a length and stalls.
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
      `The request body is larger than this route accepts (${formatFileSize(limit)}). Send a smaller body.`,
    )
  }
  return (request, response, next) => {
    if (Number(request.headers['content-length']) > limit) {
      refuse(response)
      return
    }
    parse(request, response, next)
    // After the parser's own listener: both see each chunk in the same event.
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
