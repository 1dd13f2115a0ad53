import type { IncomingMessage } from 'node:http'
import { isApiPath } from '../../api/api-prefix.js'
import type {
  ScenarioCounters,
  ScenarioEngine,
} from '../../api/traffic/create-scenario-engine.js'

/** The scenarios' counts of a replica, as the fleet's counters key holds them. */
export interface ScenarioCounts {
  /** Takes the counts of `text` in, unless they are the ones taken last. */
  take(text: string | null): void
  /** The counts as text; they are then the ones taken last. */
  give(): string
  /** Takes the next counts in even if they equal the last. */
  forget(): void
  /** Whether answering the request moves a count the fleet shares. */
  counts(request: IncomingMessage, prefix: string, strict: boolean): boolean
}

/**
 * Shares the counts of `scenarios` with the fleet, marked with the version of
 * the last reset (`resetVersion()`): counts of scenarios before it, whose
 * IDs the scenarios after it reuse, are left.
 * @example
 * const counts = shareScenarioCounts(shared.scenarios, () => resetVersion)
 */
export function shareScenarioCounts(
  scenarios: ScenarioEngine,
  resetVersion: () => number,
): ScenarioCounts {
  let last: string | null = null
  return {
    take(text) {
      if (text === null || text === last) return
      last = text
      const counted = JSON.parse(text) as ScenarioCounters & { reset?: number }
      if (counted.reset === resetVersion()) scenarios.importCounters(counted)
    },
    give() {
      last = JSON.stringify({
        reset: resetVersion(),
        ...scenarios.exportCounters(),
      })
      return last
    },
    forget() {
      last = null
    },
    counts(request, prefix, strict) {
      if (!isApiPath(request.url ?? '/', prefix)) return false
      return (
        !scenarios.isEmpty ||
        (!strict && request.headers['x-mock-scenario'] !== undefined)
      )
    },
  }
}
