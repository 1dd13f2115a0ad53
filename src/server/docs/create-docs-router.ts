import { readFileSync } from 'node:fs'
import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { serveFingerprintedFiles } from '../files/serve-fingerprinted-files.js'
import { sendCompressible } from '../answers/send-compressible.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { findDefaultApiKey } from '../files/find-default-api-key.js'
import { renderDocsPage } from './render-docs-page.js'
import { packageFile } from '../files/package-file.js'

const DOCS_DIRECTORY = packageFile('dist/docs/')

export function createDocsRouter(mock: MockCore): Router {
  const router = express.Router({ strict: true })
  let rendererScript: string | undefined

  router.get('/docs', (request, response) => {
    response.vary('Accept')
    if (request.accepts(['application/json', 'text/html']) !== 'text/html') {
      // A JSON or `*/*` client (fetch, curl) keeps the JSON 404.
      return writeJsonError(
        response,
        404,
        'not_found',
        'GET /docs is the API reference page for browsers (ask with "Accept: text/html"); the OpenAPI document is at /openapi.json.',
      )
    }
    rendererScript ??= readRendererScript()
    if (rendererScript === undefined) {
      response
        .status(404)
        .type('text/plain')
        .send(
          'The API reference is not built: dist/docs/manifest.json is missing. Run "npm run build" in the content-api-mock checkout, then reload.\n',
        )
      return
    }
    response.set({
      'content-type': 'text/html; charset=utf-8',
      // It holds the dataset's main key, which `PUT /__mock/fixtures` changes.
      'cache-control': 'no-store',
    })
    sendCompressible(
      request,
      response,
      renderDocsPage({ rendererScript, defaultKey: findDefaultApiKey(mock) }),
    )
  })

  // `/docs/` would resolve the page's relative URLs one folder too deep.
  router.get('/docs/', (_request, response) =>
    response.redirect(301, '../docs'),
  )

  router.use(
    '/__docs',
    serveFingerprintedFiles(new URL('__docs/', DOCS_DIRECTORY)),
  )
  return router
}

function readRendererScript(): string | undefined {
  try {
    const manifest = JSON.parse(
      readFileSync(new URL('manifest.json', DOCS_DIRECTORY), 'utf8'),
    ) as { renderer: { script: string } }
    return manifest.renderer.script
  } catch {
    return undefined
  }
}
