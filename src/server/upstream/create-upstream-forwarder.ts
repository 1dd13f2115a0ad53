import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'
import type { ApiRequest } from '../../api/types.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { forwardToUpstream } from './forward-to-upstream.js'
import type { Upstream } from './resolve-upstream.js'

// Resolves with the status sent, 0 when the connection was cut instead.
export type UpstreamForwarder = (
  request: IncomingMessage,
  response: ServerResponse,
  apiRequest: ApiRequest,
  endpoint: string | undefined,
) => Promise<number>

// This server's own name in `Via`: a request that comes back to it (an
// upstream URL pointing at the mock itself) is answered 502, not forwarded again.
export function createUpstreamForwarder(
  upstream: Upstream,
  prefix: string,
): UpstreamForwarder {
  const via = `1.1 content-api-mock-${randomUUID().slice(0, 8)}`
  return async (request, response, apiRequest, endpoint) => {
    if ((request.headers.via ?? '').includes(via)) {
      writeJsonError(
        response,
        502,
        'bad_gateway',
        `This request came back to the mock that forwarded it: the proxy URL (--proxy, the server's upstream.url option) ${upstream.url} points at this mock itself. Point it at the real service.`,
      )
      return 502
    }
    return forwardToUpstream(request, response, upstream, {
      subpath: apiRequest.path.slice(prefix.length),
      query: apiRequest.query,
      endpoint,
      via,
    }).catch(() => {
      response.destroy()
      return 0
    })
  }
}
