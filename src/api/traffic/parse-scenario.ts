import {
  SCENARIO_PRESETS,
  scenarioSchema,
  type Scenario,
  type ScenarioPreset,
} from '../../schema/scenario.js'
import { findCloseMatch } from '../../schema/find-close-match.js'
import { OptionsError } from '../../schema/options-error.js'
import { parseOptions } from '../../schema/parse-options.js'
import { SCENARIO_PRESET_DEFINITIONS } from './scenario-presets.js'

const SCENARIO_HINT = `A scenario is a preset name (${SCENARIO_PRESETS.join(', ')}) or an object; see docs/traffic-shaping.md of the content-api-mock package.`

/**
 * Parses a scenario or preset name as the library, the CLI and the control
 * API accept it.
 * @throws {OptionsError} naming every problem and the accepted forms.
 */
export function parseScenario(
  input: Scenario | ScenarioPreset | unknown,
  changes?: Partial<Scenario>,
): Scenario {
  let candidate: unknown = input
  if (typeof input === 'string') {
    if (!(SCENARIO_PRESETS as readonly string[]).includes(input)) {
      const match = findCloseMatch(input, SCENARIO_PRESETS)
      const problem = `unknown scenario preset ${JSON.stringify(input)}${match === undefined ? '' : ` (did you mean "${match}"?)`}`
      throw new OptionsError(
        `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Use one of: ${SCENARIO_PRESETS.join(', ')}.`,
        [{ path: '', message: problem }],
      )
    }
    candidate = {
      name: input,
      ...SCENARIO_PRESET_DEFINITIONS[input as ScenarioPreset],
      ...changes,
    }
  } else if (
    changes !== undefined &&
    typeof input === 'object' &&
    input !== null
  ) {
    candidate = { ...input, ...changes }
  }
  return parseOptions(scenarioSchema, candidate, {
    subject: 'scenario',
    root: 'scenario',
    hint: SCENARIO_HINT,
  })
}
