import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import type { ControlHooks, ControlWrite } from './control-hooks.js'
import { FixtureError } from '../../data/fixture-error.js'
import { handedOver } from '../../data/hand-over-document.js'
import { readFixtureBody } from './read-fixture-body.js'
import { requireJsonMediaType } from './require-json-media-type.js'
import { writeFixtureError } from './write-fixture-error.js'

export const MAX_FIXTURE_BYTES = 200 * 1_048_576

export function createFixtureRoutes(
  mock: MockCore,
  write: ControlWrite,
  health?: ControlHooks['health'],
): Router {
  const router = express.Router()
  const counts = (status: string) => ({
    status,
    projects: mock.db.projects.count(),
    contents: mock.db.contents.count(),
  })

  router.get('/health', (_request, response) => {
    const replica = health?.()
    const { projects, contents } = counts('ok')
    response
      .status(replica?.httpStatus ?? 200)
      .json({ status: 'ok', ...replica?.body, projects, contents })
  })

  // Pretty-printed, unlike the API's bodies: meant to be saved and committed.
  router.get('/fixtures', (_request, response) => {
    response
      .type('json')
      .send(`${JSON.stringify(mock.exportFixtures(), null, 2)}\n`)
  })

  router.put(
    '/fixtures',
    requireJsonMediaType(),
    readFixtureBody(MAX_FIXTURE_BYTES),
    async (request, response) => {
      try {
        // Parsed for this load alone: its records need no copy.
        handedOver.mark(request.body)
        await write(() => mock.load(request.body))
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error
        writeFixtureError(response, error)
        return
      }
      response.json(counts('loaded'))
    },
  )

  // Reads no body, so a program may send it without a `Content-Type`.
  router.post(
    '/reset',
    requireJsonMediaType({ bodiless: true }),
    async (_request, response) => {
      await write(() => mock.reset())
      response.json(counts('reset'))
    },
  )

  return router
}
