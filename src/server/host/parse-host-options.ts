import { OptionsError, type OptionIssue } from '../../schema/options-error.js'
import { parseAllowedHosts, type AllowedHosts } from './parse-allowed-hosts.js'
import { parsePublicUrl } from './parse-public-url.js'

/**
 * The server's options on which host and origin a request is for, checked:
 * the public URL as links use it, its path, whether the forwarded headers of
 * a reverse proxy in front are trusted, and the allowed hosts.
 */
interface HostSettings {
  /** Origin and path without a trailing slash; absent without `publicUrl`. */
  publicUrl?: string
  /** The public URL's path, e.g. `/mock`; empty when it has none. */
  basePath: string
  trustProxy: boolean
  /** The checked `allowedHosts`, lower-cased. */
  allowedHosts?: AllowedHosts
}

/**
 * Checks the server's `publicUrl`, `trustProxy` and `allowedHosts` options:
 * those that decide which host and origin a request is for.
 * @throws {OptionsError} naming each bad one.
 */
export function parseHostOptions(options: {
  publicUrl?: unknown
  trustProxy?: unknown
  allowedHosts?: unknown
}): HostSettings {
  const issues: OptionIssue[] = []
  let settings: HostSettings = { basePath: '', trustProxy: false }
  if (options.publicUrl !== undefined) {
    const result =
      typeof options.publicUrl === 'string'
        ? parsePublicUrl(options.publicUrl)
        : { ok: false as const, problem: 'expected a URL as a string' }
    if (result.ok) {
      settings = {
        ...settings,
        publicUrl: result.url,
        basePath: result.basePath,
      }
    } else {
      issues.push({ path: 'publicUrl', message: result.problem })
    }
  }
  if (options.trustProxy !== undefined) {
    if (typeof options.trustProxy === 'boolean') {
      settings.trustProxy = options.trustProxy
    } else {
      issues.push({ path: 'trustProxy', message: 'expected true or false' })
    }
  }
  try {
    settings.allowedHosts = parseAllowedHosts(options.allowedHosts)
  } catch (error) {
    issues.push({ path: 'allowedHosts', message: (error as Error).message })
  }
  if (issues.length > 0) {
    throw OptionsError.for(
      'content-api-mock server options',
      issues,
      'Every option is described in docs/options.md of the content-api-mock package.',
    )
  }
  return settings
}
