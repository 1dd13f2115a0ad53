import express, {
  type ErrorRequestHandler,
  type RequestHandler,
  type Router,
} from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { ControlInputError } from '../../api/traffic/control-input-error.js'
import type { RecordKindName } from '../../data/records/record-kinds.js'
import { createAdminTokenCheck } from './create-admin-token-check.js'
import {
  ControlRefusedError,
  type ControlHooks,
  type ControlWrite,
} from './control-hooks.js'
import { createClockRoutes } from './create-clock-routes.js'
import { createFixtureRoutes } from './create-fixture-routes.js'
import { createJournalRoutes } from './create-journal-routes.js'
import { createMethodNotAllowedHandler } from './create-method-not-allowed-handler.js'
import { RECORD_ROUTES } from '../../api/records/record-routes.js'
import { createRecordRoutes } from './create-record-routes.js'
import { createScenarioRoutes } from './create-scenario-routes.js'
import { createVariantRoutes } from './create-variant-routes.js'

/**
 * The control API under `/__mock` (routes: docs/control-api.md), behind the
 * admin token when one is set. Its `POST`, `PUT` and `PATCH` routes take JSON
 * only (415 after 404 and 405), so that no page of another origin can drive it.
 */
export function createControlRouter(
  mock: MockCore,
  adminToken: string | undefined,
  hooks: ControlHooks = {},
): Router {
  const router = express.Router()

  if (adminToken !== undefined) router.use(createAdminTokenCheck(adminToken))

  // express would answer OPTIONS itself with `200 text/plain`: a non-preflight
  // OPTIONS gets the 405 JSON with `Allow`, like any method a path lacks.
  let methodNotAllowed: RequestHandler | undefined
  router.use((request, response, next) => {
    if (request.method !== 'OPTIONS') return next()
    methodNotAllowed!(request, response, next)
  })
  const changed = hooks.mock ?? mock
  const write: ControlWrite = hooks.write ?? (async (change) => change())
  router.use(createFixtureRoutes(changed, write, hooks.health))
  router.use(createScenarioRoutes(changed, write))
  router.use(createJournalRoutes(changed, write, hooks.readJournal))
  router.use(createClockRoutes(changed, write))
  router.use(createVariantRoutes(changed, write))
  for (const name of Object.keys(RECORD_ROUTES) as RecordKindName[])
    router.use(createRecordRoutes(changed, name, write))
  methodNotAllowed = createMethodNotAllowedHandler(router)
  router.use(methodNotAllowed)

  router.use(answerControlError)
  return router
}

const answerControlError: ErrorRequestHandler = (
  error: unknown,
  _request,
  response,
  next,
) => {
  if (error instanceof ControlRefusedError) {
    const { status, code, message, headers } = error
    return writeJsonError(response, status, code, message, headers)
  }
  if (!(error instanceof ControlInputError)) return next(error)
  writeJsonError(response, 400, error.code, error.message)
}
