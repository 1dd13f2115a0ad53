/**
 * A request target as the request log may show it: the API key in a path of
 * the control API (`/__mock/api-keys/<key>`) replaced by its label
 * (`acct_a#1`), or by `(unknown key)`, since the log never shows a key.
 * @example
 * redactControlPath('/__mock/api-keys/k_a?x=1', labelOf) // '/__mock/api-keys/acct_a#1?x=1'
 */
export function redactControlPath(
  target: string,
  labelOf: (key: string) => string | undefined,
): string {
  const match = /^(\/__mock\/api-keys\/)([^/?]+)(.*)$/is.exec(target)
  if (match === null) return target
  let label: string | undefined
  try {
    label = labelOf(decodeURIComponent(match[2]!))
  } catch {
    // A malformed percent-encoding names no key.
  }
  return `${match[1]}${label ?? '(unknown key)'}${match[3]}`
}
