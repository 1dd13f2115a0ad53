import express, {
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from 'express'
import { ASSET_PATH_PREFIX } from '../api/asset-signer.js'
import type { MockCore } from '../api/mock-core.js'
import { createOpenApiDocument } from '../schema/create-openapi-document.js'
import { createTolerantOpenApiDocument } from '../schema/create-tolerant-openapi-document.js'
import type { ControlHooks } from './control/control-hooks.js'
import { createControlRouter } from './control/create-control-router.js'
import { createPageRouter } from './files/create-page-router.js'
import { createDocsRouter } from './docs/create-docs-router.js'
import { toApiRequest } from './to-api-request.js'
import { writeApiResponse } from './answers/write-api-response.js'
import { sendCompressible } from './answers/send-compressible.js'
import { writeJsonError } from './answers/write-json-error.js'

/**
 * Everything the server answers around the API itself: the asset URLs, the
 * control API, `/openapi.json`, the page at `/` and `/__page/*`, the API
 * reference at `/docs`, and JSON 404s and 500s.
 * `originOf` gives the origin of a request's links from its headers.
 */
export function createExpressApp(
  mock: MockCore,
  options: Parameters<typeof createPageRouter>[1] & {
    /** A replica's hooks on the control API (see `createControlRouter`). */
    control?: ControlHooks
  },
): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)

  const documents = {
    '/openapi.json': createOpenApiDocument,
    '/openapi.tolerant.json': createTolerantOpenApiDocument,
  }
  for (const [path, create] of Object.entries(documents)) {
    app.get(path, (request, response) => {
      const serverUrl = `${options.originOf(request)}${mock.prefix}`
      response.type('json')
      sendCompressible(request, response, JSON.stringify(create({ serverUrl })))
    })
  }

  app.use(createDocsRouter(mock))

  app.use(
    '/__mock',
    createControlRouter(mock, options.adminToken, options.control),
  )

  app.use(createPageRouter(mock, options))

  const notFound = (request: Request, response: Response): void => {
    writeJsonError(
      response,
      404,
      'not_found',
      `Nothing at ${request.method} ${request.path}. The API is under ${mock.prefix}, the control API under /__mock, the OpenAPI document at /openapi.json, its reference page for browsers at /docs.`,
    )
  }

  // @note Express 5 passes a rejected promise of a route to the error
  // handler below, which answers 500. The prefix is compared as the MSW
  // handlers compare it (case and all, on the raw path), not with a route
  // pattern: express would decode a `*path` parameter and fail on `%zz`.
  app.use(async (request, response, next) => {
    if (!request.path.startsWith(ASSET_PATH_PREFIX)) return next()
    const answer = await mock.handleAsset(
      toApiRequest(request, options.originOf),
    )
    if (answer === undefined) return notFound(request, response)
    // For the request log, which reads it when the response is finished.
    response.locals.endpoint = answer.endpoint
    writeApiResponse(response, answer, request.method === 'HEAD')
  })

  app.use(notFound)

  app.use(answerError)

  return app
}

/** The JSON answer to an error a route threw or passed on. */
function answerError(
  error: unknown,
  request: Request,
  response: Response,
  _next: NextFunction,
): void {
  const type = (error as { type?: string } | null)?.type
  if (type === 'entity.parse.failed') {
    return writeJsonError(
      response,
      400,
      'invalid_json',
      'The request body is not valid JSON. Send a fixture document as JSON with "Content-Type: application/json".',
    )
  }
  // @note express decodes route parameters such as `/scenarios/:id`
  // and passes on the URIError of malformed percent-encoding: the
  // client's mistake, so never a 500.
  if (error instanceof URIError) {
    return writeJsonError(
      response,
      400,
      'invalid_parameter',
      `The path ${request.originalUrl.split('?')[0]} is not valid percent-encoding: "%" must start an escape of two hexadecimal digits that encode UTF-8. Encode each path segment as encodeURIComponent does, e.g. "%25" for "%".`,
    )
  }
  if (type === 'entity.too.large') {
    return writeJsonError(
      response,
      413,
      'payload_too_large',
      'The request body is larger than the server accepts.',
    )
  }
  // @note body-parser's other refusals (`charset.unsupported`,
  // `encoding.unsupported`, `request.size.invalid`, …) carry a 4xx
  // status: the body could not be read, which is the client's to fix.
  const status = (error as { status?: unknown } | null)?.status
  if (type !== undefined && typeof status === 'number' && status < 500) {
    return writeJsonError(
      response,
      400,
      'invalid_json',
      `The request body could not be read: ${(error as Error).message}. Send JSON in UTF-8, with "Content-Type: application/json".`,
    )
  }
  writeJsonError(
    response,
    500,
    'internal_error',
    'The mock server failed to answer this request. This is a bug in content-api-mock: please report it with the request that caused it.',
  )
}
