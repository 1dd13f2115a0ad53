import type { IncomingMessage, ServerResponse } from 'node:http'
import cors, { type CorsOptions } from 'cors'
import { EXPOSED_HEADERS } from '../../api/exposed-headers.js'

/** A CORS step before routing: sets its headers, then calls `next`. */
export interface CorsHandler {
  (request: IncomingMessage, response: ServerResponse, next: () => void): void
  /**
   * The headers it sets on every actual (non-preflight) request, as raw
   * pairs `[name, value, …]`, when they are the same for every request
   * (any origin); `undefined` when they depend on the request.
   */
  readonly headers?: readonly string[]
}

/**
 * The `cors` middleware for `options`, with the headers of an actual
 * (non-preflight) request to any origin (`origin: '*'`) written from strings
 * made once: `Access-Control-Allow-Origin: *` and
 * `Access-Control-Expose-Headers`, exactly what `cors` writes for them.
 * Preflights and named origins go through `cors` itself.
 * @note `cors` merges its options and joins the exposed headers on every
 * request, and the API's requests are nearly all actual ones.
 */
export function createCorsHandler(options: CorsOptions): CorsHandler {
  const applyCors = cors(options) as unknown as CorsHandler
  if (options.origin !== '*' || options.credentials === true) return applyCors
  const exposed = [options.exposedHeaders ?? []].flat().join(',')
  const headers: readonly string[] = [
    'Access-Control-Allow-Origin',
    '*',
    ...(exposed === '' ? [] : ['Access-Control-Expose-Headers', exposed]),
  ]
  return Object.assign(
    (request: IncomingMessage, response: ServerResponse, next: () => void) => {
      if (request.method === 'OPTIONS') {
        return applyCors(request, response, next)
      }
      setRawHeaders(response, headers)
      next()
    },
    { headers },
  )
}

function setRawHeaders(
  response: ServerResponse,
  headers: readonly string[],
): void {
  for (let i = 0; i < headers.length; i += 2) {
    response.setHeader(headers[i]!, headers[i + 1]!)
  }
}

/**
 * The server's two CORS steps for `corsOrigin` (default: any origin): `any`
 * for the API, the assets and everything else, `own` for the mock's own
 * paths (`isOwnPath`), absent unless `corsOrigin` names origins.
 * @note The control API and the page's config (which names the default key)
 * answer only origins named with `corsOrigin`: with "any", a page of another
 * origin could read every key from `GET /__mock/fixtures`.
 */
export function createCorsHandlers(corsOrigin: string | string[] | undefined): {
  any: CorsHandler
  own?: CorsHandler
} {
  const options: CorsOptions = {
    origin: corsOrigin ?? '*',
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Range',
      'X-Mock-Scenario',
      'X-Mock-Variant',
    ],
    exposedHeaders: [...EXPOSED_HEADERS],
    maxAge: 600,
  }
  const named = [corsOrigin ?? []].flat().filter((item) => item !== '*')
  return {
    any: createCorsHandler(options),
    ...(named.length > 0 && {
      own: createCorsHandler({ ...options, origin: named }),
    }),
  }
}
