import type { createSeededStream } from '../../random/create-seeded-random.js'
import type { RateLimiter } from './create-rate-limiter.js'

/**
 * Where each scenario's counts stand: by scenario ID (`header:<preset>` for
 * the presets of `X-Mock-Scenario`), since the engine's `clears`-th clear.
 */
export interface ScenarioCounters {
  clears: number
  scenarios: Record<
    string,
    {
      matched: number
      fired: number
      remaining?: number
      draws: number
      buckets?: Array<[string, number, number]>
    }
  >
}

/** One scenario's counts, as `ScenarioCounters` holds them. */
type ScenarioCounts = ScenarioCounters['scenarios'][string]

/** What of a scenario in force the counts are read from and written to. */
interface Counted {
  state: { matched: number; fired: number; remaining?: number }
  stream: Pick<ReturnType<typeof createSeededStream>, 'position' | 'seek'>
  limiter?: Pick<RateLimiter, 'exportBuckets' | 'importBuckets'>
}

/**
 * A scenario's counts as plain numbers, to hand to another copy of it.
 */
export function countsOf(entry: Counted): ScenarioCounts {
  const { matched, fired, remaining } = entry.state
  return {
    matched,
    fired,
    ...(remaining !== undefined && { remaining }),
    draws: entry.stream.position,
    ...(entry.limiter && { buckets: entry.limiter.exportBuckets() }),
  }
}

/**
 * Takes the counts another copy of the scenario exported: its matches, fires,
 * what is left of `times`, its place in the seeded draws and its buckets.
 */
export function takeCounts(entry: Counted, counted: ScenarioCounts): void {
  entry.state.matched = counted.matched
  entry.state.fired = counted.fired
  if (counted.remaining !== undefined) entry.state.remaining = counted.remaining
  entry.stream.seek(counted.draws)
  if (counted.buckets !== undefined) {
    entry.limiter?.importBuckets(counted.buckets)
  }
}
