import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { ASSET_PATH_PREFIX } from '../api/asset-signer.js'
import type { MockCore } from '../api/mock-core.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { createApiUrlPattern, escapeRegExp } from '../api/api-prefix.js'
import { byteLengthOf } from '../api/byte-length-of.js'
import { assertMswRunsHere } from './assert-msw-runs-here.js'
import { createDeliveredBody } from './create-delivered-body.js'

const ANY_ORIGIN = 'https?://[^/]+'

/**
 * @throws {Error} when msw 3 runs on a Node.js older than its floor.
 * @note Regular expressions: msw 2's `decodeURIComponent` throws on `/projects/%zz` (a 500, not 422).
 */
export function createHandlers(core: MockCore): HttpHandler[] {
  const origin =
    core.origin === undefined ? ANY_ORIGIN : escapeRegExp(core.origin)
  const apiPattern = createApiUrlPattern(origin, core.prefix)
  const assetPattern = new RegExp(
    `^${origin}${escapeRegExp(ASSET_PATH_PREFIX)}`,
  )

  const apiResolver = async ({ request }: { request: Request }) => {
    await core.ready
    const response = core.handle(toApiRequest(request))
    if (response === undefined) return undefined
    if (response.delayMs !== undefined) await delay(response.delayMs)
    // A dropped connection: `fetch` rejects with a TypeError, as it would.
    if (response.networkError === true) return HttpResponse.error()
    return toHttpResponse(response, request.method === 'HEAD')
  }
  const assetResolver = async ({ request }: { request: Request }) => {
    await core.ready
    const response = await core.handleAsset(toApiRequest(request))
    return response === undefined
      ? undefined
      : toHttpResponse(response, request.method === 'HEAD')
  }

  const apiHandler = http.all(apiPattern, apiResolver)
  assertMswRunsHere(apiHandler)
  return [apiHandler, http.all(assetPattern, assetResolver)]
}

// HEAD: the GET's headers, length too, and no body (RFC 9110 9.3.2); msw
// would hand the body to the client.
function toHttpResponse(response: ApiResponse, isHead: boolean) {
  const { body, status, headers, delivery } = response
  if (body instanceof ReadableStream) {
    if (isHead) void body.cancel()
    return new HttpResponse(isHead ? null : body, { status, headers })
  }
  if (body === null || (!isHead && delivery === undefined))
    return new HttpResponse(body, { status, headers })
  return new HttpResponse(
    isHead || delivery === undefined
      ? null
      : createDeliveredBody(body, delivery),
    {
      status,
      headers: { ...headers, 'content-length': String(byteLengthOf(body)) },
    },
  )
}

function toApiRequest(request: Request): ApiRequest {
  const url = new URL(request.url)
  return {
    method: request.method,
    origin: url.origin,
    path: url.pathname,
    query: url.search.slice(1),
    headers: request.headers,
  }
}
