// Stricter than RFC 3986's reg-name: no host a resolver finds uses sub-delims or
// percent-encoding, and in a URL they let `a@evil.example` change its meaning.
// `_` is for Docker service names.
const HOST_PATTERN =
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?)(?::(\d{1,5}))?$/

/**
 * `Host`, `X-Forwarded-Host` or `Forwarded`'s host, strictly: anything else
 * (userinfo, a path, a comma, a port past 65535...) gives `undefined`, so the
 * caller falls back to an address it trusts instead of echoing it into a URL.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-7.2
 */
export function parseHostHeader(value: string | undefined) {
  if (value === undefined) return undefined
  // The same Host on every request; the URL parser costs about a whole answer.
  if (value === last.value) return last.parsed
  const parsed = parse(value)
  last = { value, parsed }
  return parsed
}

let last: { value?: string; parsed?: ReturnType<typeof parse> } = {}

function parse(value: string) {
  const match = HOST_PATTERN.exec(value)
  if (match === null) return undefined
  const name = match[1]!
  const port = match[2] === undefined ? undefined : Number(match[2])
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined
  // The URL parser checks IPv6 and IPv4 syntax and lower-cases names.
  const hostname = URL.parse(`http://${name}`)?.hostname
  if (hostname === undefined) return undefined
  // It rewrites `1.2.3` or `0x7f.1` as IPv4 (`1.2.0.3`, `127.0.0.1`): a name is
  // taken only when already canonical.
  if (!name.startsWith('[') && hostname !== name.toLowerCase()) return undefined
  return Object.freeze({
    /** As a URL's `hostname`: `example.com`, `127.0.0.1`, `[::1]`. */
    hostname,
    ...(port !== undefined && { port }),
    /** Ready to follow `https://`. */
    host: port === undefined ? hostname : `${hostname}:${port}`,
  })
}
