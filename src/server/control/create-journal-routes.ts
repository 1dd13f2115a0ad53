import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readJournalFilter } from '../../api/traffic/read-journal-filter.js'
import type { ControlHooks, ControlWrite } from './control-hooks.js'
import { queryOf } from './query-of.js'

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

  return router
}
