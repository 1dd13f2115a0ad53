import type { Duplex } from 'node:stream'
import type { ErrorCode } from '../../schema/envelopes.js'
import { writeRawJsonError } from '../answers/write-raw-json-error.js'

/** What the server answers to each kind of request Node refuses. */
const ANSWERS: Record<
  string,
  { status: number; code: ErrorCode; message: string }
> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message:
      'The request headers are larger than the server accepts (16 KiB). Send fewer or shorter headers.',
  },
  // @note Node gives this code to headers and to a body that came too
  // slowly, and to a connection that sent nothing at all in time.
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message:
      "The request did not arrive in time: nothing, or its headers or body came too slowly (the server's --headers-timeout and --request-timeout). Send the whole request at once.",
  },
}

const UNPARSABLE = {
  status: 400,
  code: 'bad_request',
  message:
    'The request could not be parsed as HTTP/1.1. Check the request line, the method and the headers.',
} as const

/**
 * Answers a request Node refuses (broken request line, headers over the
 * size limit, an unknown method, nothing or too little in time) with the
 * API's JSON error envelope instead of Node's bare answer, and never with a
 * stack trace.
 */
export function handleClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Duplex,
): void {
  // @note A response already under way (a slow body the route answered
  // early) cannot be followed by another on the same connection.
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })
    ._httpMessage
  if (
    error.code === 'ECONNRESET' ||
    !socket.writable ||
    response?.headersSent === true
  ) {
    socket.destroy()
    return
  }
  const { status, code, message } = ANSWERS[error.code ?? ''] ?? UNPARSABLE
  // @note An answer to HEAD has no body (RFC 9110 section 9.3.2): a client
  // reads one as a broken next response. The request line is read from the
  // bytes Node could not parse, which start with it.
  const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD '
  writeRawJsonError(socket, status, code, message, {}, head)
}
