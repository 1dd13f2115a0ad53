import { RATE_LIMIT_HEADER_PATTERN } from '../../schema/scenario.js'

/**
 * The request headers forwarded to upstream: the caller's
 * `Authorization` and what negotiates the answer. Nothing else: no cookies,
 * no `Host` of the mock, no `X-Mock-*` control headers, no `Origin`.
 */
const UPSTREAM_REQUEST_HEADERS = [
  'authorization',
  'accept',
  'accept-language',
  'user-agent',
  'if-none-match',
  'if-modified-since',
] as const

/**
 * The response headers of upstream passed back to the client:
 * those a client reads. Rate-limit headers of any spelling
 * (`RateLimit-*`, `X-RateLimit-*`, `RateLimit-Policy`) pass too. Not
 * passed: cookies, the service's CORS headers (the mock's own apply),
 * hop-by-hop headers and `Content-Encoding`/`Content-Length` (the body is
 * sent decoded).
 */
const UPSTREAM_RESPONSE_HEADERS = [
  'content-type',
  'content-language',
  'cache-control',
  'expires',
  'last-modified',
  'etag',
  'location',
  'link',
  'retry-after',
  'www-authenticate',
  'allow',
] as const

/**
 * Picks, from one side's headers, those forwarding passes on: the request
 * headers of `UPSTREAM_REQUEST_HEADERS` or the response headers of
 * `UPSTREAM_RESPONSE_HEADERS` and the rate-limit ones.
 */
export function selectUpstreamHeaders(
  side: 'request' | 'response',
  headers: Iterable<[string, string | string[] | undefined]>,
): Record<string, string> {
  const names: readonly string[] =
    side === 'request' ? UPSTREAM_REQUEST_HEADERS : UPSTREAM_RESPONSE_HEADERS
  const picked: Record<string, string> = {}
  for (const [rawName, value] of headers) {
    if (value === undefined) continue
    const name = rawName.toLowerCase()
    if (
      names.includes(name) ||
      (side === 'response' && RATE_LIMIT_HEADER_PATTERN.test(name))
    ) {
      picked[name] = Array.isArray(value) ? value.join(', ') : value
    }
  }
  return picked
}
