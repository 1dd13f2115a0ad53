/**
 * The URL of the real service a request is forwarded to: its path below the
 * mock's API prefix and its query, appended to the upstream base URL.
 * `undefined` when the result would leave that base URL, e.g. a path whose
 * dot segments (`/..`, `/%2e%2e`) climb above it: such a request is never
 * forwarded.
 * @note The base comes from the server's options alone; the request gives
 * only a path, which cannot change the origin since the base's authority
 * ends before it.
 */
export function createUpstreamUrl(
  upstream: { url: string; origin: string; basePath: string },
  subpath: string,
  query: string,
): URL | undefined {
  let url: URL
  try {
    url = new URL(`${upstream.url}${subpath}${query === '' ? '' : `?${query}`}`)
  } catch {
    return undefined
  }
  if (url.origin !== upstream.origin) return undefined
  const { pathname } = url
  const inside =
    upstream.basePath === '' ||
    pathname === upstream.basePath ||
    pathname.startsWith(`${upstream.basePath}/`)
  if (!inside || url.hash !== '') return undefined
  return url
}
