/**
 * The request log never shows a key: in `/__mock/api-keys/<key>` and a
 * `?key=` filter it becomes its label (`acct_a#1`) or `(unknown key)`.
 */
export function redactControlPath(
  target: string,
  labelOf: (key: string) => string | undefined,
): string {
  if (!/^\/__mock\//i.test(target)) return target
  const redact = (encoded: string) => {
    let label: string | undefined
    try {
      label = labelOf(decodeURIComponent(encoded))
    } catch {
      // A malformed percent-encoding names no key.
    }
    return label ?? '(unknown key)'
  }
  const query = target.indexOf('?')
  const path = query === -1 ? target : target.slice(0, query)
  const rest = query === -1 ? '' : target.slice(query)
  const match = /^(\/__mock\/api-keys\/)([^/]+)(.*)$/is.exec(path)
  const shownPath =
    match === null ? path : `${match[1]}${redact(match[2]!)}${match[3]}`
  const shownQuery = rest.replace(
    /([?&]key=)([^&#]*)/g,
    // A query's "+" is a space (URLSearchParams reads it so).
    (_, name: string, value: string) =>
      `${name}${redact(value.replace(/\+/g, ' '))}`,
  )
  return shownPath + shownQuery
}
