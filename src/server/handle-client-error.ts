import type { Duplex } from 'node:stream'
import { createErrorResponse } from '../api/error-response.js'

/**
 * Answers a request Node could not parse (broken request line, headers over
 * the size limit, an unknown method) with the API's JSON error envelope
 * instead of Node's bare 400, and never with a stack trace.
 * @example
 * server.on('clientError', handleClientError)
 */
export function handleClientError(
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const { status, headers, body } = tooLarge
    ? createErrorResponse(
        431,
        'headers_too_large',
        'The request headers are larger than the server accepts (16 KiB). Send fewer or shorter headers.',
      )
    : createErrorResponse(
        400,
        'bad_request',
        'The request could not be parsed as HTTP/1.1. Check the request line, the method and the headers.',
      )
  const text = String(body)
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: ${headers['content-type']}\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\n` +
      'connection: close\r\n\r\n' +
      text,
  )
}
