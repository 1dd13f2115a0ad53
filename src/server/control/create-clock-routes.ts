import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readClockChange } from '../../api/traffic/read-clock-change.js'
import { readJsonBody } from './read-json-body.js'

/**
 * The mock clock's control routes: `GET`, `POST`, `DELETE /clock`.
 * @example
 * router.use(createClockRoutes(mock))
 */
export function createClockRoutes(mock: MockCore): Router {
  const router = express.Router()

  router.get('/clock', (_request, response) => {
    response.json({ now: new Date(mock.clock.now()).toISOString() })
  })

  router.post(
    '/clock',
    readJsonBody(
      '{"set": "<ISO 8601 time>"} or {"advance": "<ms or 30s, 1m, 2h>"}',
    ),
    (request, response) => {
      const change = readClockChange(request.body, mock.clock.now())
      if (change.set !== undefined) mock.clock.set(change.set)
      if (change.advance !== undefined) mock.clock.advance(change.advance)
      response.json({ now: new Date(mock.clock.now()).toISOString() })
    },
  )

  router.delete('/clock', (_request, response) => {
    mock.clock.reset()
    response.status(204).end()
  })

  return router
}
