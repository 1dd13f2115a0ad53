import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import express, { type Request, type Response, type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import type { HeaderLookup } from '../../api/types.js'
import { findDefaultApiKey } from './find-default-api-key.js'
import { isFileSystemError } from './is-file-system-error.js'
import { serveFingerprintedFiles } from './serve-fingerprinted-files.js'
import { packageFile } from './package-file.js'

const PAGE_DIR = packageFile('dist/page/')

// `GET /` answers the explorer to a client that prefers HTML; JSON and `*∕*`
// clients get the JSON 404.
export function createPageRouter(
  mock: MockCore,
  options: {
    originOf: (headers: HeaderLookup) => string
    adminToken?: string
    /** The data changes by itself (`live`): the page refreshes by itself. */
    live: boolean
  },
): Router {
  const router = express.Router()

  router.get('/', (request, response, next) => {
    response.vary('Accept')
    if (request.accepts(['application/json', 'text/html']) !== 'text/html') {
      return next()
    }
    const index = new URL('index.html', PAGE_DIR)
    if (!existsSync(index)) {
      return void response
        .status(404)
        .type('text/plain')
        .send(
          'The explorer page is not built: dist/page/index.html is missing. Run "npm run build" in the content-api-mock checkout, then reload.\n',
        )
    }
    response.set('cache-control', 'no-cache')
    // Past its headers, an error is the client's leaving.
    response.sendFile(fileURLToPath(index), (error?: unknown) => {
      if (error === undefined || response.headersSent) return
      next(isFileSystemError(error) ? undefined : error)
    })
  })

  router.get('/__page/config.json', (request: Request, response: Response) => {
    const origin = options.originOf(request)
    response.set('cache-control', 'no-store')
    response.json({
      mode: 'server',
      apiBase: `${origin}${mock.prefix}`,
      adminBase: `${origin}/__mock`,
      docsUrl: `${origin}/docs`,
      adminTokenRequired: options.adminToken !== undefined,
      defaultKey: findDefaultApiKey(mock),
      live: options.live,
    })
  })

  router.use('/__page', serveFingerprintedFiles(new URL('__page/', PAGE_DIR)))

  return router
}
