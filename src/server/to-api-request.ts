import type { IncomingMessage } from 'node:http'
import type { ApiRequest, HeaderLookup } from '../api/types.js'

/**
 * Describes a Node request the way the API's behaviour functions read it,
 * without building a Fetch `Request` (the fast path's main saving).
 * `originOf` gives the origin of the request's links from its headers.
 * @note Worked out at once, not in a getter when read: the getter cost
 * more than the origin itself.
 */
export function toApiRequest(
  request: IncomingMessage,
  originOf: (headers: HeaderLookup) => string,
): ApiRequest {
  const url = request.url ?? '/'
  const queryStart = url.indexOf('?')
  // Node already lower-cases header names; a repeated header arrives joined
  // with ", " except `set-cookie`, which the API never reads.
  const headers: HeaderLookup = {
    get(name) {
      const value = request.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(', ') : value
    },
  }
  return {
    method: request.method ?? 'GET',
    origin: originOf(headers),
    path: queryStart === -1 ? url : url.slice(0, queryStart),
    query: queryStart === -1 ? '' : url.slice(queryStart + 1),
    headers,
  }
}
