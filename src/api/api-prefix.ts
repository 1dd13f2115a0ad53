/**
 * The API prefix every endpoint lives under (spec 9); `baseUrl` may put the API under another.
 * @example
 * fetch(`https://api.example.com${DEFAULT_API_PREFIX}/projects`, { headers })
 */
export const DEFAULT_API_PREFIX = '/public-api/v1'

/** Without `baseUrl`: any origin and `DEFAULT_API_PREFIX`. */
export function parseBaseUrl(baseUrl: string | undefined) {
  if (baseUrl === undefined)
    return { origin: undefined, prefix: DEFAULT_API_PREFIX }
  const url = new URL(baseUrl)
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') }
}

/**
 * Segment-wise (`/public-api/v1/projects`, not `/public-api/v10`); the target may carry its query. Both adapters use this rule.
 * @note Case counts, as in any URL path (RFC 3986 section 6.2.2.1): `/Public-API/v1` is not the API.
 */
export function isApiPath(target: string, prefix: string): boolean {
  if (!target.startsWith(prefix)) return false
  const next = target.charCodeAt(prefix.length)
  // The end of the target, '/' or '?'
  return Number.isNaN(next) || next === 47 || next === 63
}

/** The `isApiPath` rule as a pattern over whole URLs (msw matches URLs without their query). */
export function createApiUrlPattern(
  originPattern: string,
  prefix: string,
): RegExp {
  return new RegExp(`^${originPattern}${escapeRegExp(prefix)}(?:/.*)?$`)
}

/**
 * Escapes text for use inside a regular expression.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
