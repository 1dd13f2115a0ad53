import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'
import type { ControlWrite } from './control-hooks.js'

/**
 * The request journal's control routes: `GET`, `DELETE /requests`.
 */
export function createJournalRoutes(
  mock: MockCore,
  write: ControlWrite,
  /** In a fleet: fills the journal with the fleet's first. */
  readJournal?: () => Promise<void>,
): Router {
  const router = express.Router()

  // @note The journal holds the API and asset requests the mock answered,
  // never the control API's own requests: a test asserting "my client made
  // three calls" must not count its own setup.
  router.get('/requests', async (request, response) => {
    await readJournal?.()
    const filter = readJournalFilter(
      new URL(request.originalUrl, 'http://localhost').searchParams,
    )
    const data = mock.requests.list(filter)
    response.json({
      data,
      meta: { total: data.length, capacity: mock.requests.capacity },
    })
  })

  router.delete('/requests', async (_request, response) => {
    await write(() => mock.requests.clear())
    response.status(204).end()
  })

  return router
}
