import type { HeaderLookup } from '../../api/types.js'
import { parseHostHeader } from './parse-host-header.js'
import type { parseHostOptions } from './parse-host-options.js'
import { readForwardedHeaders } from './read-forwarded-headers.js'

/**
 * What decides the origin of a request's links.
 */
type OriginSettings = Pick<
  ReturnType<typeof parseHostOptions>,
  'publicUrl' | 'trustProxy'
> & {
  /** The server's own origin, e.g. `http://127.0.0.1:4010`: the fallback. */
  listening: string
}

/**
 * The origin (and path, with a public URL that has one) that the links of an
 * answer start with: its asset URLs and the OpenAPI document's server. In
 * this order: the public URL; with `trustProxy`, the scheme and host the
 * proxy forwarded (each falling back on its own: the scheme to `http`, the
 * host to the `Host` header); the `Host` header, parsed strictly; the
 * listening address when the `Host` header is missing or malformed.
 */
export function resolveRequestOrigin(
  headers: HeaderLookup,
  settings: OriginSettings,
): string {
  if (settings.publicUrl !== undefined) return settings.publicUrl
  const forwarded = settings.trustProxy ? readForwardedHeaders(headers) : {}
  const host =
    forwarded.host ?? parseHostHeader(headers.get('host') ?? undefined)
  if (host === undefined) return settings.listening
  return `${forwarded.proto ?? 'http'}://${host.host}`
}
