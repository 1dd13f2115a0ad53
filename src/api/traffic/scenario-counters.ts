import type { createSeededStream } from '../../random/create-seeded-random.js'
import type { RateLimiter } from './create-rate-limiter.js'

/** By scenario ID (`header:<preset>` for `X-Mock-Scenario` presets), since the engine's `clears`-th clear. */
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

type ScenarioCounts = ScenarioCounters['scenarios'][string]

interface Counted {
  state: { matched: number; fired: number; remaining?: number }
  stream: Pick<ReturnType<typeof createSeededStream>, 'position' | 'seek'>
  limiter?: Pick<RateLimiter, 'exportBuckets' | 'importBuckets'>
}

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

/** Includes the place in the seeded draws and the buckets. */
export function takeCounts(entry: Counted, counted: ScenarioCounts): void {
  entry.state.matched = counted.matched
  entry.state.fired = counted.fired
  if (counted.remaining !== undefined) entry.state.remaining = counted.remaining
  entry.stream.seek(counted.draws)
  if (counted.buckets !== undefined) {
    entry.limiter?.importBuckets(counted.buckets)
  }
}
