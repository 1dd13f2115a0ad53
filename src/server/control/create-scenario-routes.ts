import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readScenarios } from '../../api/traffic/read-scenarios.js'
import { SCENARIO_PRESET_DEFINITIONS } from '../../api/traffic/scenario-presets.js'
import { SCENARIO_PRESETS } from '../../schema/scenario.js'
import { writeJsonError } from '../answers/write-json-error.js'
import type { ControlWrite } from './control-hooks.js'
import { readJsonBody } from './read-json-body.js'

export function createScenarioRoutes(
  mock: MockCore,
  write: ControlWrite,
): Router {
  const router = express.Router()

  // For clients in any language (and the control panel) not to copy the docs.
  router.get('/presets', (_request, response) => {
    response.json({
      data: SCENARIO_PRESETS.map((name) => ({
        name,
        ...SCENARIO_PRESET_DEFINITIONS[name],
      })),
    })
  })

  router.get('/scenarios', (_request, response) => {
    response.json({ data: mock.scenarios.list() })
  })

  router.post(
    '/scenarios',
    readJsonBody(
      'a scenario, a preset such as {"preset": "flaky"}, or an array of them',
    ),
    async (request, response) => {
      const scenarios = readScenarios(request.body)
      const added = await write(() =>
        scenarios.map((scenario) => mock.scenarios.add(scenario)),
      )
      response.status(201).json({ data: added })
    },
  )

  router.delete('/scenarios', async (_request, response) => {
    await write(() => mock.scenarios.clear())
    response.status(204).end()
  })

  router.delete('/scenarios/:id', async (request, response) => {
    const { id } = request.params
    if (await write(() => mock.scenarios.remove(id))) {
      return void response.status(204).end()
    }
    writeJsonError(
      response,
      404,
      'not_found',
      `No scenario "${id}" is in force. GET /__mock/scenarios lists those that are; a scenario with "times" removes itself once used up, and POST /__mock/reset or DELETE /__mock/scenarios removes them all.`,
    )
  })

  return router
}
