import { isIP } from 'node:net'
import { ANY_HOST } from './parse-allowed-hosts.js'
import type { parseHostOptions } from './parse-host-options.js'
import { parseHostHeader } from './parse-host-header.js'

/**
 * Allows `localhost`, `*.localhost`, any IP address, the public URL's host, the
 * name it listens on and `allowedHosts`.
 * @note Against DNS rebinding: `evil.example` resolved to 127.0.0.1 passes
 * CORS as its own origin, but says `Host: evil.example`. No Host (HTTP/1.0) is
 * no browser's and passes.
 */
export function createHostCheck(
  settings: ReturnType<typeof parseHostOptions> & { listenHost: string },
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
  // The same Host on every request: the last answer is kept, so a request
  // pays one string comparison here, not the parse and the lookups.
  let last: { host?: string; allowed: boolean } = { allowed: false }
  return (host) => {
    if (host === undefined) return true
    if (host !== last.host) last = { host, allowed: isAllowed(host) }
    return last.allowed
  }
}
