/**
 * The response headers the API sets that a script in a browser page must be
 * able to read and that CORS does not expose by itself (it exposes only the
 * safelisted `Cache-Control`, `Content-Language`, `Content-Length`,
 * `Content-Type`, `Expires`, `Last-Modified` and `Pragma`). The server sends
 * them as `Access-Control-Expose-Headers`.
 * @note A test sends every kind of request through the mock and fails when an
 * answer carries a header that is neither safelisted nor listed here.
 * @example
 * cors({ exposedHeaders: [...EXPOSED_HEADERS] })
 * @see https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
 */
export const EXPOSED_HEADERS = [
  'WWW-Authenticate',
  'Allow',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Accept-Ranges',
  'Content-Range',
  // Marks an answer of the real service under the server's proxy mode.
  'X-Mock-Proxied',
  // Safelisted by the Fetch standard, but older browsers hide it.
  'Content-Length',
] as const
