import express, { type Router } from 'express'
import type { MockCore } from '../api/create-mock-core.js'
import { FixtureError } from '../data/fixture-error.js'
import { writeJsonError } from './write-json-error.js'

/**
 * The largest fixture document `PUT /__mock/fixtures` accepts.
 */
export const MAX_FIXTURE_BYTES = '200mb'

/**
 * The control API under `/__mock`, outside the API prefix and never behind an
 * API key: health, fixture export and replacement, reset.
 * @example
 * app.use('/__mock', createControlRouter(mock, { adminToken: 'secret' }))
 */
export function createControlRouter(
  mock: MockCore,
  options: { adminToken?: string },
): Router {
  const router = express.Router()

  if (options.adminToken !== undefined) {
    const expected = `Bearer ${options.adminToken}`
    router.use((request, response, next) => {
      if (request.headers.authorization === expected) return next()
      writeJsonError(
        response,
        401,
        'unauthorized',
        'The control API needs the admin token the server was started with: send "Authorization: Bearer <admin token>".',
        { 'www-authenticate': 'Bearer realm="content-api-mock control"' },
      )
    })
  }

  router.get('/health', (_request, response) => {
    response.json({
      status: 'ok',
      projects: mock.db.projects.count(),
      contents: mock.db.contents.count(),
    })
  })

  router.get('/fixtures', (_request, response) => {
    response.json(mock.exportFixtures())
  })

  router.put(
    '/fixtures',
    express.json({ limit: MAX_FIXTURE_BYTES, type: () => true }),
    async (request, response) => {
      try {
        await mock.load(request.body)
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error
        response.status(400).json({
          error: {
            code: 'invalid_fixture',
            message: error.message,
            issues: error.issues,
          },
        })
        return
      }
      response.json({
        status: 'loaded',
        projects: mock.db.projects.count(),
        contents: mock.db.contents.count(),
      })
    },
  )

  router.post('/reset', async (_request, response) => {
    await mock.reset()
    response.json({
      status: 'reset',
      projects: mock.db.projects.count(),
      contents: mock.db.contents.count(),
    })
  })

  return router
}
