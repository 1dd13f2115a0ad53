import type { IncomingMessage, ServerResponse } from 'node:http'
import cors, { type CorsOptions } from 'cors'
import { EXPOSED_HEADERS } from '../../api/exposed-headers.js'

export interface CorsHandler {
  (request: IncomingMessage, response: ServerResponse, next: () => void): void
  /** Raw `[name, value, …]` when the same for every actual request (any origin). */
  readonly headers?: readonly string[]
}

// For `origin: '*'`, actual requests get headers made once: `cors` merges its
// options and joins the exposed headers on every request.
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
      for (let i = 0; i < headers.length; i += 2) {
        response.setHeader(headers[i]!, headers[i + 1]!)
      }
      next()
    },
    { headers },
  )
}

/**
 * `own`, for the mock's own paths (`isOwnPath`), exists only when `corsOrigin`
 * names origins: with "any", another origin's page could read every key from
 * `GET /__mock/fixtures`.
 */
export function createCorsHandlers(corsOrigin?: string | string[]) {
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
