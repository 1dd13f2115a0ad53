// `undefined` when dot segments (`/..`, `/%2e%2e`) climb above the base URL.
export function createUpstreamUrl(
  upstream: { url: string; origin: string; basePath: string },
  subpath: string,
  query: string,
): URL | undefined {
  const text = `${upstream.url}${subpath}${query === '' ? '' : `?${query}`}`
  if (!URL.canParse(text)) return undefined
  const url = new URL(text)
  if (url.origin !== upstream.origin) return undefined
  const { pathname } = url
  const inside =
    upstream.basePath === '' ||
    pathname === upstream.basePath ||
    pathname.startsWith(`${upstream.basePath}/`)
  if (!inside || url.hash !== '') return undefined
  return url
}
