import { isIP } from 'node:net'
import { ANY_HOST, type AllowedHosts } from './parse-allowed-hosts.js'
import { parseHostHeader } from './parse-host-header.js'

/**
 * What the Host check allows besides localhost names and IP addresses.
 */
interface HostCheckSettings {
  /** Checked entries of `allowedHosts`, or `'all'`. */
  allowedHosts?: AllowedHosts
  /** The public URL, whose host is allowed. */
  publicUrl?: string
  /** The address the server listens on, allowed when it is a name. */
  listenHost: string
}

/**
 * Creates the check of a request's `Host` header against the hosts the
 * server answers: `localhost` and `*.localhost`, any IP address, the host of
 * the public URL, the name it listens on, and `allowedHosts` (a leading dot
 * allows a domain and its subdomains). `'all'` allows any Host.
 * @note The defence against DNS rebinding: a page of `evil.example` whose
 * name is made to resolve to 127.0.0.1 reaches the server as its own
 * origin, so CORS does not stop it, but its requests say
 * `Host: evil.example`. A request without Host (HTTP/1.0) is no browser's
 * and passes; a malformed one does not.
 */
export function createHostCheck(
  settings: HostCheckSettings,
): (host: string | undefined) => boolean {
  if (settings.allowedHosts === ANY_HOST) return () => true
  const names = new Set<string>()
  const domains: string[] = []
  for (const entry of settings.allowedHosts ?? []) {
    if (entry.startsWith('.')) domains.push(entry)
    else names.add(entry)
  }
  if (settings.publicUrl !== undefined) {
    names.add(new URL(settings.publicUrl).hostname)
  }
  if (isIP(settings.listenHost) === 0) {
    names.add(settings.listenHost.toLowerCase().replace(/\.$/, ''))
  }
  // @note A client sends the same Host on every request: the last answer is
  // kept, so the check costs a string compare on the API's fast path.
  let last: { host?: string; allowed: boolean } = { allowed: false }
  const isAllowed = (host: string): boolean => {
    const parsed = parseHostHeader(host)
    if (parsed === undefined) return false
    const name = parsed.hostname.replace(/\.$/, '')
    return (
      name === 'localhost' ||
      name.endsWith('.localhost') ||
      name.startsWith('[') ||
      isIP(name) !== 0 ||
      names.has(name) ||
      domains.some(
        (domain) => name === domain.slice(1) || name.endsWith(domain),
      )
    )
  }
  return (host) => {
    if (host === undefined) return true
    if (host !== last.host) last = { host, allowed: isAllowed(host) }
    return last.allowed
  }
}
