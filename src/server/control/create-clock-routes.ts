import express, { type Router } from 'express'
import { describeClock } from '../../api/create-mock-clock.js'
import type { MockCore } from '../../api/mock-core.js'
import type { ControlWrite } from './control-hooks.js'
import { readClockChange } from '../../api/traffic/read-clock-change.js'
import { readJsonBody } from './read-json-body.js'

export function createClockRoutes(mock: MockCore, write: ControlWrite): Router {
  const router = express.Router()
  const { clock } = mock

  router.get('/clock', (_request, response) => {
    response.json(describeClock(clock))
  })

  router.post(
    '/clock',
    readJsonBody(
      '{"set": "<ISO 8601 time>"}, {"advance": "<ms or 30s, 1m, 2h>"}, {"speed": <0 to pause, 1, 10, 60>}, {"resume": true} or {"real": true}',
    ),
    async (request, response) => {
      await write(() => {
        // In the order the body's parts compose: where, then how far, then how fast.
        const change = readClockChange(request.body, clock.now())
        if (change.real) clock.toRealTime()
        if (change.set !== undefined) clock.set(change.set)
        if (change.advance !== undefined) clock.advance(change.advance)
        if (change.speed !== undefined) clock.setSpeed(change.speed)
        if (change.resume) clock.resume()
      })
      response.json(describeClock(clock))
    },
  )

  router.delete('/clock', async (_request, response) => {
    await write(() => clock.reset())
    response.status(204).end()
  })

  return router
}
