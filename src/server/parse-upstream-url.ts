// @note Kept free of imports, so the CLI can check --proxy without loading
// the server.

/**
 * A checked base URL of the real service, or what is wrong with it.
 */
export type UpstreamUrlResult =
  | {
      ok: true
      /** Origin and path without a trailing slash, e.g. `https://api.example.com/public-api/v1`. */
      url: string
      /** The origin alone, e.g. `https://api.example.com`. */
      origin: string
      /** The path alone, e.g. `/public-api/v1`; empty when the URL has none. */
      basePath: string
    }
  | {
      ok: false
      /** What is wrong and how to fix it, as a sentence without its full stop. */
      problem: string
    }

const EXAMPLE = 'such as https://api.example.com/public-api/v1'

/**
 * Checks the base URL of the real service that proxy mode forwards to: an
 * absolute http or https URL without credentials, query or fragment, the
 * service's `{base_url}` of spec section 1 (version prefix included). The
 * path below the mock's API prefix is appended to it. Trailing slashes and a
 * default port are dropped.
 * @example
 * parseUpstreamUrl('https://api.example.com/public-api/v1/') // { ok: true, url: 'https://api.example.com/public-api/v1', origin: 'https://api.example.com', basePath: '/public-api/v1' }
 * parseUpstreamUrl('api.example.com').ok // false
 */
export function parseUpstreamUrl(value: string): UpstreamUrlResult {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail(`expected an absolute http or https URL, ${EXAMPLE}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(
      `expected an http or https URL, ${EXAMPLE}, not ${url.protocol}`,
    )
  }
  if (url.username !== '' || url.password !== '') {
    return fail(
      'it carries credentials (user@); remove them: the caller\'s own "Authorization" header is passed through',
    )
  }
  // @note A bare "?" or "#" leaves `search` and `hash` empty; neither can
  // appear unencoded before them.
  if (value.includes('?')) {
    return fail(
      "it has a query (?…); remove it: each request's own query is passed through",
    )
  }
  if (value.includes('#')) return fail('it has a fragment (#…); remove it')
  const basePath = url.pathname.replace(/\/+$/, '')
  return {
    ok: true,
    url: `${url.origin}${basePath}`,
    origin: url.origin,
    basePath,
  }
}

function fail(problem: string): UpstreamUrlResult {
  return { ok: false, problem }
}
