/**
 * A host and optional port as a `Host` header carries them (RFC 9110 7.2:
 * `uri-host [ ":" port ]`), in the form a URL's `host` has.
 */
export interface ParsedHost {
  /**
   * A lower-cased name or IPv4 address, or an IPv6 address in brackets, as a
   * URL's `hostname` holds it: `example.com`, `127.0.0.1`, `[::1]`.
   */
  readonly hostname: string
  /** The port, when the value names one (1–65535). */
  readonly port?: number
  /** `hostname` and `:port` when there is one: ready to follow `https://`. */
  readonly host: string
}

// @note Stricter than RFC 3986's reg-name, which also allows sub-delims
// (`!$&'()*+,;=`) and percent-encoding: no host a resolver can find uses them,
// and in a URL they are how `a@evil.example`-style values change its meaning.
// Names are labels of letters, digits, `-` and `_` (Docker service names),
// with an optional trailing dot; IPv4 addresses match as names.
const HOST_PATTERN =
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?)(?::(\d{1,5}))?$/

/**
 * Parses the value of a `Host` header (or of `X-Forwarded-Host`, or the `host`
 * of `Forwarded`) strictly: a name, an IPv4 address or a bracketed IPv6
 * address, and an optional numeric port. Anything else — userinfo
 * (`a@evil.example`), a path, a comma, spaces, a port past 65535, an unclosed
 * bracket, an empty value — gives `undefined`, so that the caller falls back
 * to an address it trusts instead of echoing the value into a URL.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-7.2
 */
export function parseHostHeader(
  value: string | undefined,
): ParsedHost | undefined {
  if (value === undefined) return undefined
  // @note A client sends the same Host on every request, and the URL parser
  // below costs about as much as the rest of a content detail's answer.
  if (value === last.value) return last.parsed
  const parsed = parse(value)
  last = { value, parsed }
  return parsed
}

let last: { value?: string; parsed?: ParsedHost } = {}

function parse(value: string): ParsedHost | undefined {
  const match = HOST_PATTERN.exec(value)
  if (match === null) return undefined
  const name = match[1]!
  const port = match[2] === undefined ? undefined : Number(match[2])
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined
  let hostname: string
  try {
    // The URL parser checks IPv6 and IPv4 syntax and lower-cases names.
    hostname = new URL(`http://${name}`).hostname
  } catch {
    return undefined
  }
  // @note It also reads `1.2.3` or `0x7f.1` as IPv4 addresses and rewrites
  // them (`1.2.0.3`, `127.0.0.1`): a name is taken only when it is already in
  // that canonical form. IPv6 addresses take their canonical form.
  if (!name.startsWith('[') && hostname !== name.toLowerCase()) return undefined
  return Object.freeze({
    hostname,
    ...(port !== undefined && { port }),
    host: port === undefined ? hostname : `${hostname}:${port}`,
  })
}
