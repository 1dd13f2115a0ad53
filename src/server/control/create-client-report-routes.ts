import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { ControlInputError } from '../../api/traffic/control-input-error.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'
import type { ControlHooks } from './control-hooks.js'
import { queryOf } from './query-of.js'

const REPORT_FILTERS = ['key', 'keyLabel']

export function createClientReportRoutes(
  mock: MockCore,
  readJournal?: ControlHooks['readJournal'],
): Router {
  const router = express.Router()

  router.get('/client-report', async (request, response) => {
    const query = queryOf(request)
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
