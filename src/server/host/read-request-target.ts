import type { IncomingMessage } from 'node:http'

const ABSOLUTE_FORM = /^https?:\/\//i

/**
 * Brings a request's target into the form the routes read. An
 * absolute-form target (`GET http://h/public-api/v1/projects`) becomes its
 * path and query, and its authority replaces the `Host` header, as RFC 9112
 * section 3.2.2 asks of an origin server. Returns the message of a 400
 * `bad_request` instead when the request cannot be routed: an HTTP/1.1
 * request without `Host`, or a target that is neither a path nor an absolute
 * `http(s)` URL.
 */
export function readRequestTarget(
  request: IncomingMessage,
): string | undefined {
  const target = request.url ?? '/'
  if (target.charCodeAt(0) !== 47 && target !== '*') {
    const url =
      ABSOLUTE_FORM.test(target) && URL.canParse(target)
        ? new URL(target)
        : undefined
    if (url === undefined || url.host === '') {
      return `The request target "${target.slice(0, 100)}" is neither a path nor an http URL. Send a path such as /public-api/v1/projects; this server is not a proxy.`
    }
    request.url = `${url.pathname}${url.search}`
    request.headers.host = url.host
  }
  if (request.headers.host === undefined && request.httpVersion !== '1.0') {
    return 'The request has no Host header, which HTTP/1.1 requires (RFC 9112 section 3.2). Send "Host: <host>:<port>" with the address you connect to.'
  }
  return undefined
}
