import parseForwarded from 'forwarded-parse'
import type { HeaderLookup } from '../../api/types.js'
import { parseHostHeader, type ParsedHost } from './parse-host-header.js'

/**
 * The scheme and host a client used, as a reverse proxy in front of the
 * server reports them; each absent when no header gives a usable value.
 */
interface ForwardedOrigin {
  readonly proto?: 'http' | 'https'
  readonly host?: ParsedHost
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
 */
export function readForwardedHeaders(headers: HeaderLookup): ForwardedOrigin {
  const forwarded = headers.get('forwarded') ?? undefined
  const proto = headers.get('x-forwarded-proto') ?? undefined
  const host = headers.get('x-forwarded-host') ?? undefined
  // @note A proxy sends the same headers for every request of a client;
  // parsing them costs more than the rest of resolving an origin.
  const key = `${forwarded}\n${proto}\n${host}`
  if (key !== last.key) last = { key, read: read(forwarded, proto, host) }
  return last.read
}

let last: { key?: string; read: ForwardedOrigin } = { read: {} }

function read(
  forwardedValue: string | undefined,
  protoValue: string | undefined,
  hostValue: string | undefined,
): ForwardedOrigin {
  const forwarded = readForwarded(forwardedValue)
  const result: { proto?: 'http' | 'https'; host?: ParsedHost } = {}
  const proto = toProto(forwarded?.proto) ?? toProto(firstOf(protoValue))
  if (proto !== undefined) result.proto = proto
  const host =
    parseHostHeader(forwarded?.host) ?? parseHostHeader(firstOf(hostValue))
  if (host !== undefined) result.host = host
  return Object.freeze(result)
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

function firstOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const comma = value.indexOf(',')
  return (comma === -1 ? value : value.slice(0, comma)).trim()
}

function toProto(value: string | undefined): 'http' | 'https' | undefined {
  const proto = value?.toLowerCase()
  return proto === 'http' || proto === 'https' ? proto : undefined
}
