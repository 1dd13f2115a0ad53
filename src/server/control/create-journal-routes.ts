import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'

/**
 * The request journal's control routes: `GET`, `DELETE /requests`.
 */
export function createJournalRoutes(mock: MockCore): Router {
  const router = express.Router()

  // @note The journal holds the API and asset requests the mock answered,
  // never the control API's own requests: a test asserting "my client made
  // three calls" must not count its own setup.
  router.get('/requests', (request, response) => {
    const filter = readJournalFilter(
      new URL(request.originalUrl, 'http://localhost').searchParams,
    )
    const data = mock.requests.list(filter)
    response.json({
      data,
      meta: { total: data.length, capacity: mock.requests.capacity },
    })
  })

  router.delete('/requests', (_request, response) => {
    mock.requests.clear()
    response.status(204).end()
  })

  return router
}
