import parseForwarded from 'forwarded-parse'
import type { HeaderLookup } from '../../api/types.js'
import { parseHostHeader } from './parse-host-header.js'

interface ForwardedOrigin {
  readonly proto?: 'http' | 'https'
  readonly host?: ReturnType<typeof parseHostHeader>
}

/**
 * `Forwarded` first, then `X-Forwarded-*`; of a chain the first element counts,
 * as express reads `X-Forwarded-*`. A malformed `Forwarded` is ignored whole.
 * @note Only for a server told to trust its proxy: any client can send these.
 * @see https://www.rfc-editor.org/rfc/rfc7239
 */
export function readForwardedHeaders(headers: HeaderLookup): ForwardedOrigin {
  const forwarded = headers.get('forwarded') ?? undefined
  const proto = headers.get('x-forwarded-proto') ?? undefined
  const host = headers.get('x-forwarded-host') ?? undefined
  // The same headers on every request; parsing costs more than the rest.
  const key = `${forwarded}\n${proto}\n${host}`
  if (key === last.key) return last.read
  const element = readForwarded(forwarded)
  const read = Object.freeze({
    proto: toProto(element?.proto) ?? toProto(firstOf(proto)),
    host: parseHostHeader(element?.host) ?? parseHostHeader(firstOf(host)),
  })
  last = { key, read }
  return read
}

let last: { key?: string; read: ForwardedOrigin } = { read: {} }

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
