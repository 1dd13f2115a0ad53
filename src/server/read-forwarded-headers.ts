import parseForwarded from 'forwarded-parse'
import type { HeaderLookup } from '../api/types.js'
import { parseHostHeader, type ParsedHost } from './parse-host-header.js'

/**
 * The scheme and host a client used, as a reverse proxy in front of the
 * server reports them; each absent when no header gives a usable value.
 */
export interface ForwardedOrigin {
  proto?: 'http' | 'https'
  host?: ParsedHost
}

/**
 * Reads the scheme and host the client used from the headers a reverse proxy
 * adds: the standard `Forwarded` (RFC 7239) first, then `X-Forwarded-Proto`
 * and `X-Forwarded-Host`, parameter by parameter. Of a list (proxies in a
 * chain), the first element counts, the one the proxy nearest the client
 * wrote, as express reads `X-Forwarded-*`. A malformed `Forwarded` header is
 * ignored as a whole; a host that is no strict `host[:port]`
 * ({@link parseHostHeader}) or a scheme other than http and https is ignored.
 * @note Only for a server told to trust its proxy: a client that reaches the
 * server directly can send any of these headers.
 * @see https://www.rfc-editor.org/rfc/rfc7239
 * @example
 * readForwardedHeaders(new Headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'demo.example.com' }))
 * // { proto: 'https', host: { hostname: 'demo.example.com', host: 'demo.example.com' } }
 */
export function readForwardedHeaders(headers: HeaderLookup): ForwardedOrigin {
  const forwarded = readForwarded(headers.get('forwarded') ?? undefined)
  const proto =
    toProto(forwarded?.proto) ??
    toProto(firstOf(headers.get('x-forwarded-proto')))
  const host =
    parseHostHeader(forwarded?.host) ??
    parseHostHeader(firstOf(headers.get('x-forwarded-host')))
  return {
    ...(proto !== undefined && { proto }),
    ...(host !== undefined && { host }),
  }
}

/** The first element of a `Forwarded` header, or `undefined` if malformed. */
function readForwarded(
  value: string | undefined,
): Record<string, string> | undefined {
  if (value === undefined) return undefined
  try {
    return parseForwarded(value)[0]
  } catch {
    return undefined
  }
}

function firstOf(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined
  const comma = value.indexOf(',')
  return (comma === -1 ? value : value.slice(0, comma)).trim()
}

function toProto(value: string | undefined): 'http' | 'https' | undefined {
  const proto = value?.toLowerCase()
  return proto === 'http' || proto === 'https' ? proto : undefined
}
