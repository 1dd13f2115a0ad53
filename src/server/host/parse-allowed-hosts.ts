// Light on imports, so the CLI can check --allowed-hosts without the server.
import { parseHostHeader } from './parse-host-header.js'

export const ANY_HOST = 'all'

/**
 * The hosts a server answers besides its defaults: names such as
 * `demo.example.com`, `.example.com` for a domain and its subdomains, or
 * `'all'` for any Host header.
 */
type AllowedHosts = readonly string[] | typeof ANY_HOST

// A leading dot: a domain and its subdomains, as Vite and webpack-dev-server read it.
export function parseAllowedHost(entry: string) {
  const domain = entry.startsWith('.')
  const name = domain ? entry.slice(1) : entry
  const parsed = parseHostHeader(name)
  if (
    parsed === undefined ||
    parsed.port !== undefined ||
    parsed.hostname.startsWith('[')
  ) {
    return {
      ok: false as const,
      problem: `"${entry}" is not a host name. Expected a name such as demo.example.com, or .example.com for a domain and its subdomains, without scheme, port or path (IP addresses are always allowed), or ${ANY_HOST} for any host`,
    }
  }
  const host = parsed.hostname.replace(/\.$/, '')
  return { ok: true as const, host: domain ? `.${host}` : host }
}

export function parseAllowedHosts(
  value: unknown,
): { ok: true; hosts: AllowedHosts } | { ok: false; problem: string } {
  if (value === ANY_HOST) return { ok: true, hosts: value }
  if (!Array.isArray(value)) {
    return {
      ok: false,
      problem: `expected an array of host names, or "${ANY_HOST}" for any host`,
    }
  }
  const hosts: string[] = []
  for (const entry of value as unknown[]) {
    const result =
      typeof entry === 'string'
        ? parseAllowedHost(entry)
        : { ok: false as const, problem: 'expected host names as strings' }
    if (!result.ok) return result
    hosts.push(result.host)
  }
  return { ok: true, hosts }
}
