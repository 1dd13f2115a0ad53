/**
 * The API prefix every endpoint lives under (spec 9), the one place it is
 * written; `baseUrl` may put the API under another.
 * @example
 * fetch(`https://api.example.com${DEFAULT_API_PREFIX}/projects`, { headers })
 */
export const DEFAULT_API_PREFIX = '/public-api/v1'

/**
 * The origin the mock answers on and the prefix its API lives under, from
 * the `baseUrl` option: any origin and `DEFAULT_API_PREFIX` without one.
 */
export function parseBaseUrl(baseUrl: string | undefined): {
  origin: string | undefined
  prefix: string
} {
  if (baseUrl === undefined)
    return { origin: undefined, prefix: DEFAULT_API_PREFIX }
  const url = new URL(baseUrl)
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') }
}

/**
 * Whether a request target belongs to the API: the prefix itself or a path
 * below it, segment-wise (`/public-api/v1/projects`, not `/public-api/v10`).
 * The target may carry its query, as a Node request's `url` does. Both
 * adapters draw the API's edge with this rule (the MSW handlers through
 * `createApiUrlPattern`).
 * @note Case counts, as in any URL path (RFC 3986 section 6.2.2.1): the spec
 * writes the prefix in lower case, and `/Public-API/v1` is not the API.
 */
export function isApiPath(target: string, prefix: string): boolean {
  if (!target.startsWith(prefix)) return false
  const next = target.charCodeAt(prefix.length)
  // The end of the target, '/' or '?'
  return Number.isNaN(next) || next === 47 || next === 63
}

/**
 * The rule of `isApiPath` as a regular expression over whole URLs of one
 * origin pattern, for routers that match by pattern (the MSW handlers; msw
 * matches URLs without their query).
 */
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
