import { parseScenario } from '../../api/traffic/create-scenario-engine.js'
import { SCENARIO_PRESETS, type Scenario } from '../../schema/scenario.js'

/**
 * Reads one item of a `POST /__mock/scenarios` body: a scenario object, a
 * preset name, or `{ "preset": name, ...changes }`.
 * @throws {TypeError} from `parseScenario`, naming the problem.
 * @example
 * readScenario({ preset: 'flaky', probability: 0.5 })
 */
export function readScenario(item: unknown): Scenario {
  if (
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    'preset' in item
  ) {
    const { preset, ...changes } = item as Record<string, unknown>
    if (typeof preset !== 'string') {
      throw new TypeError(
        `Invalid scenario: preset: expected a preset name (${SCENARIO_PRESETS.join(', ')}), got ${JSON.stringify(preset)}.`,
      )
    }
    return parseScenario(preset, changes as Partial<Scenario>)
  }
  return parseScenario(item)
}
