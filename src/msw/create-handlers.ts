import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { ASSET_PATH_PREFIX } from '../api/asset-signer.js'
import type { MockCore } from '../api/mock-core.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import { createApiUrlPattern, escapeRegExp } from '../api/api-prefix.js'
import { assertMswRunsHere } from './assert-msw-runs-here.js'
import { createDeliveredBody } from './create-delivered-body.js'

const ANY_ORIGIN = 'https?://[^/]+'

/**
 * The MSW request handlers of a mock core: one for the API prefix, one for
 * the asset URLs it issues. They translate `Request` to the core's request
 * description and its response description back to a `Response`, nothing else;
 * the API answers at once, an asset once its media is ready.
 * @throws {Error} when msw 3 runs on a Node.js older than its floor.
 * @note The patterns are regular expressions without capturing groups: msw 2
 * decodes string-pattern parameters with `decodeURIComponent`, which throws
 * on a path such as `/projects/%zz` before any resolver runs (a 500), while
 * the API answers it with 422.
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

/**
 * @note A response to HEAD has the headers of the GET, its length too, and
 * no body, as a server sends it (RFC 9110 section 9.3.2); msw would hand the
 * body to the client.
 */
function toHttpResponse(
  response: ApiResponse,
  isHead: boolean,
): HttpResponse<any> {
  const { body, status, headers, delivery } = response
  // @note A streamed asset carries its length in `headers`; HEAD lets it go.
  if (body instanceof ReadableStream) {
    if (isHead) void body.cancel()
    return new HttpResponse(isHead ? null : body, { status, headers })
  }
  if (delivery !== undefined && body !== null && !isHead) {
    return new HttpResponse(createDeliveredBody(body, delivery), {
      status,
      headers: { ...headers, 'content-length': String(byteLengthOf(body)) },
    })
  }
  if (!isHead || body === null)
    return new HttpResponse(body, { status, headers })
  return new HttpResponse(null, {
    status,
    headers: { ...headers, 'content-length': String(byteLengthOf(body)) },
  })
}

function byteLengthOf(body: string | Uint8Array): number {
  return typeof body === 'string'
    ? new TextEncoder().encode(body).byteLength
    : body.byteLength
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
