import type { Duplex } from 'node:stream'

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
  const status = tooLarge ? 431 : 400
  const body = JSON.stringify({
    error: tooLarge
      ? {
          code: 'headers_too_large',
          message:
            'The request headers are larger than the server accepts (16 KiB). Send fewer or shorter headers.',
        }
      : {
          code: 'bad_request',
          message:
            'The request could not be parsed as HTTP/1.1. Check the request line, the method and the headers.',
        },
  })
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  )
}
