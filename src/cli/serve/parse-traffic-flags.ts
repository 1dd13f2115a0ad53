import { InvalidArgumentError } from 'commander'
import { findCloseMatch } from '../../schema/find-close-match.js'
import { VARIANT_NAMES, type VariantName } from '../../schema/variants.js'
import {
  MAX_LATENCY_MS,
  SCENARIO_PRESETS,
  type Latency,
  type RateLimit,
  type ScenarioPreset,
} from '../../schema/scenario.js'

/** `--rate-limit COUNT/WINDOW`, e.g. `60/1m`, `3/10s`, `1000/1h`. */
export function parseRateLimit(value: string): RateLimit {
  const match = /^(\d+)\/(\d+)(s|m|h)$/.exec(value.trim())
  const limit = Number(match?.[1])
  if (
    match === null ||
    limit < 1 ||
    Number(match[2]) < 1 ||
    !Number.isSafeInteger(limit)
  ) {
    throw new InvalidArgumentError(
      'Expected COUNT/WINDOW with the window in s, m or h, such as 60/1m, 3/10s or 1000/1h.',
    )
  }
  return { limit, window: `${match[2]}${match[3]}` }
}

/** `--latency MS` or `--latency MIN-MAX` (milliseconds, uniform). */
export function parseLatency(value: string): Latency {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim())
  const min = Number(match?.[1])
  const max = match?.[2] === undefined ? min : Number(match[2])
  if (match === null || max < min || max > MAX_LATENCY_MS) {
    throw new InvalidArgumentError(
      `Expected milliseconds, one number (200) or a range (50-200), at most ${MAX_LATENCY_MS}.`,
    )
  }
  return match[2] === undefined ? min : { min, max }
}

export function collectScenario(
  value: string,
  previous: ScenarioPreset[] | undefined,
): ScenarioPreset[] {
  if (!(SCENARIO_PRESETS as readonly string[]).includes(value)) {
    const match = findCloseMatch(value, SCENARIO_PRESETS)
    throw new InvalidArgumentError(
      `Expected one of: ${SCENARIO_PRESETS.join(', ')}.${match === undefined ? '' : ` Did you mean ${match}?`}`,
    )
  }
  return [...(previous ?? []), value as ScenarioPreset]
}

export function collectVariants(
  value: string,
  previous: VariantName[] | undefined,
): VariantName[] {
  const names = value.split(',').map((name) => name.trim())
  for (const name of names) {
    if ((VARIANT_NAMES as readonly string[]).includes(name)) continue
    const match = findCloseMatch(name, VARIANT_NAMES)
    throw new InvalidArgumentError(
      `Unknown variant ${JSON.stringify(name)}: expected names out of ${VARIANT_NAMES.join(', ')}, separated by commas.${match === undefined ? '' : ` Did you mean ${match}?`}`,
    )
  }
  return [...(previous ?? []), ...(names as VariantName[])]
}
