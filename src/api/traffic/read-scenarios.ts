import { isJsonRecord } from '../../data/is-json-record.js'
import { OptionsError } from '../../schema/options-error.js'
import { SCENARIO_PRESETS, type Scenario } from '../../schema/scenario.js'
import { ControlInputError } from './control-input-error.js'
import { parseScenario } from './parse-scenario.js'

/**
 * Reads a `POST /__mock/scenarios` body: one item or a non-empty array of
 * them, each a scenario object, a preset name, or
 * `{ "preset": name, ...changes }`. All are parsed before any is added, so an
 * array is all or nothing.
 * @throws {ControlInputError} `invalid_scenario`, naming the bad item and
 * the problem.
 */
export function readScenarios(body: unknown): Scenario[] {
  const isArray = Array.isArray(body)
  const items: unknown[] = isArray ? body : [body]
  if (body === undefined || items.length === 0) {
    throw new ControlInputError(
      'invalid_scenario',
      `Expected a scenario in the body: an object such as {"status": 500, "times": 1}, a preset such as {"preset": "flaky", "probability": 0.5}, or a non-empty array of them. Presets: ${SCENARIO_PRESETS.join(', ')}.`,
    )
  }
  return items.map((item, index) => {
    try {
      return readScenario(item)
    } catch (error) {
      if (!(error instanceof OptionsError)) throw error
      throw new ControlInputError(
        'invalid_scenario',
        isArray
          ? `Item ${index} of the array: ${error.message} Nothing was added.`
          : error.message,
      )
    }
  })
}

function readScenario(item: unknown): Scenario {
  if (isJsonRecord(item) && 'preset' in item) {
    const { preset, ...changes } = item
    if (typeof preset !== 'string') {
      const problem = `expected a preset name (${SCENARIO_PRESETS.join(', ')}), got ${JSON.stringify(preset)}`
      throw new OptionsError(`Invalid scenario: preset: ${problem}.`, [
        { path: 'preset', message: problem },
      ])
    }
    return parseScenario(preset, changes as Partial<Scenario>)
  }
  return parseScenario(item)
}
