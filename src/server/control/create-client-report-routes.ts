import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { ControlInputError } from '../../api/traffic/control-input-error.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'

/** The filters `GET /__mock/client-report` reads: one key's requests. */
const REPORT_FILTERS = ['key', 'keyLabel']

/**
 * The client report's control route: `GET /client-report`, the findings of
 * `mock.clientReport()` over the journal, for one key with `?key=` or
 * `?keyLabel=`.
 */
export function createClientReportRoutes(
  mock: MockCore,
  /** In a fleet: fills the journal with the fleet's first. */
  readJournal?: () => Promise<void>,
): Router {
  const router = express.Router()

  router.get('/client-report', async (request, response) => {
    const query = new URL(request.originalUrl, 'http://localhost').searchParams
    for (const name of query.keys()) {
      if (!REPORT_FILTERS.includes(name)) {
        throw new ControlInputError(
          'invalid_filter',
          `Unknown filter "${name}" in the query. GET /__mock/client-report filters by ${REPORT_FILTERS.join(' or ')}; read one endpoint's or status's requests at GET /__mock/requests.`,
        )
      }
    }
    const { key, keyLabel } = readJournalFilter(query)
    await readJournal?.()
    response.json({ data: mock.clientReport({ key, keyLabel }) })
  })

  return router
}
