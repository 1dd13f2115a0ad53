import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { createErrorResponse } from '../../api/error-response.js'
import type { ErrorCode } from '../../schema/envelopes.js'

/**
 * Answers on a bare socket, where Node gives no response object (a request
 * it refused to parse, a `CONNECT`), with the API's JSON error envelope, and
 * closes the connection.
 */
export function writeRawJsonError(
  socket: Duplex,
  status: number,
  code: ErrorCode,
  message: string,
  extraHeaders: Record<string, string> = {},
  /** An answer to HEAD: the same head, without the body. */
  head = false,
): void {
  const { headers, body } = createErrorResponse(
    status,
    code,
    message,
    extraHeaders,
  )
  const text = String(body)
  headers['content-length'] = String(Buffer.byteLength(text))
  headers.connection = 'close'
  const lines = Object.entries(headers).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  )
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${head ? '' : text}`,
  )
}
