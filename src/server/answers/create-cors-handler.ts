import type { IncomingMessage, ServerResponse } from 'node:http'
import cors, { type CorsOptions } from 'cors'

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
 * request (about 1.5 µs); the API's requests are nearly all actual ones.
 * @example
 * const applyCors = createCorsHandler({ origin: '*', exposedHeaders: ['Retry-After'] })
 * applyCors(request, response, () => route(request, response))
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
