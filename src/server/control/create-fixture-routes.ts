import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import type { ControlHooks, ControlWrite } from './control-hooks.js'
import { FixtureError } from '../../data/fixture-error.js'
import { handOverDocument } from '../../data/hand-over-document.js'
import { readFixtureBody } from './read-fixture-body.js'
import { requireJsonMediaType } from './require-json-media-type.js'
import { writeFixtureError } from './write-fixture-error.js'

/**
 * The largest fixture document `PUT /__mock/fixtures` accepts.
 */
export const MAX_FIXTURE_BYTES = 200 * 1_048_576

/**
 * The dataset's control routes: `GET /health`, `GET`, `PUT /fixtures` and
 * `POST /reset`.
 */
export function createFixtureRoutes(
  mock: MockCore,
  write: ControlWrite,
  health?: ControlHooks['health'],
): Router {
  const router = express.Router()

  router.get('/health', (_request, response) => {
    const replica = health?.()
    response.status(replica?.httpStatus ?? 200).json({
      status: 'ok',
      ...replica?.body,
      projects: mock.db.projects.count(),
      contents: mock.db.contents.count(),
    })
  })

  // @note Pretty-printed with a final newline, unlike the API's bodies: the
  // export is meant to be saved, edited and committed as it is.
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
        // @note The body was parsed for this load alone: its records are
        // kept as they are, not copied (see `handOverDocument`).
        handOverDocument(request.body)
        await write(() => mock.load(request.body))
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error
        writeFixtureError(response, error)
        return
      }
      response.json({
        status: 'loaded',
        projects: mock.db.projects.count(),
        contents: mock.db.contents.count(),
      })
    },
  )

  // @note `mock.reset()` also puts the scenarios back to the options' ones
  // (`--rate-limit`, `--scenario`, …), the clock back to real time and
  // empties the journal, so one call starts the next test from scratch. It
  // reads no body, so a program may send it without a `Content-Type`.
  router.post(
    '/reset',
    requireJsonMediaType({ bodiless: true }),
    async (_request, response) => {
      await write(() => mock.reset())
      response.json({
        status: 'reset',
        projects: mock.db.projects.count(),
        contents: mock.db.contents.count(),
      })
    },
  )

  return router
}
