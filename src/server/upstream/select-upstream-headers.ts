import { RATE_LIMIT_HEADER_PATTERN } from '../../schema/scenario.js'

// No cookies, no `Host` of the mock, no `X-Mock-*` control headers, no `Origin`.
const UPSTREAM_REQUEST_HEADERS = [
  'authorization',
  'accept',
  'accept-language',
  'user-agent',
  'if-none-match',
  'if-modified-since',
] as const

// Rate-limit headers of any spelling pass too. Not cookies, the service's CORS
// (the mock's own apply), hop-by-hop, or encoding and length (sent decoded).
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
