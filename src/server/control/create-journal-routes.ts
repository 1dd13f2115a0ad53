import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { ControlInputError } from '../../api/traffic/control-input-error.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'
import type { ControlHooks, ControlWrite } from './control-hooks.js'
import { queryOf } from './query-of.js'

const REPORT_FILTERS = ['key', 'keyLabel']

/** The request journal, and the client report drawn from it. */
export function createJournalRoutes(
  mock: MockCore,
  write: ControlWrite,
  readJournal?: ControlHooks['readJournal'],
): Router {
  const router = express.Router()

  // Never the control API's own requests: a test counting its client's calls
  // must not count its own setup.
  router.get('/requests', async (request, response) => {
    await readJournal?.()
    const filter = readJournalFilter(queryOf(request))
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
