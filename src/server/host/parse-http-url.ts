// @note Kept free of imports, so the CLI can check URL flags without loading
// the server.

/**
 * Checks a URL that the server puts paths after (`--public-url`, `--proxy`):
 * an absolute http or https URL without credentials, query or fragment.
 * Trailing slashes and a default port are dropped. The words say why each
 * part is refused, e.g. `credentials: 'which every link would repeat'`.
 */
export function parseHttpUrl(
  value: string,
  words: { examples: string; credentials: string; query: string },
) {
  if (!URL.canParse(value)) {
    return fail(`expected an absolute http or https URL, ${words.examples}`)
  }
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(
      `expected an http or https URL, ${words.examples}, not ${url.protocol}`,
    )
  }
  if (url.username !== '' || url.password !== '') {
    return fail(`it carries credentials (user@), ${words.credentials}`)
  }
  // @note A bare "?" or "#" leaves `search` and `hash` empty; neither can
  // appear unencoded before them.
  if (value.includes('?')) return fail(`it has a query (?…), ${words.query}`)
  if (value.includes('#')) return fail('it has a fragment (#…); remove it')
  const basePath = url.pathname.replace(/\/+$/, '')
  return {
    ok: true as const,
    /** Origin and path without a trailing slash, e.g. `https://example.com/mock`. */
    url: `${url.origin}${basePath}`,
    origin: url.origin,
    /** The path alone without a trailing slash, e.g. `/mock`; empty when the URL has none. */
    basePath,
  }
}

// `problem`: what is wrong and how to fix it, as a sentence without its full stop.
function fail(problem: string) {
  return { ok: false as const, problem }
}
