import type { Scenario, ScenarioPreset } from '../../schema/scenario.js'

/**
 * What each preset does. Narrow one with `match`, or change a part of it,
 * with `mock.scenarios.add('flaky', { probability: 0.5 })`.
 * @example
 * SCENARIO_PRESET_DEFINITIONS['rate-limited'] // { status: 429, retryAfter: 30 }
 */
export const SCENARIO_PRESET_DEFINITIONS: Readonly<
  Record<ScenarioPreset, Scenario>
> = {
  /** Every request answered 429 `rate_limited` with `Retry-After: 30`. */
  'rate-limited': { status: 429, retryAfter: 30 },
  /** Every request answered 500 `internal_error`. */
  'server-error': { status: 500 },
  /** Every request delayed, log-normal around 1.2 s, at most 10 s. */
  slow: { latency: { median: 1200, sigma: 0.5, max: 10_000 } },
  /** A quarter of the requests (seeded) answered 500. */
  flaky: { probability: 0.25, status: 500 },
  /** Every request's connection dropped without an answer. */
  'network-error': { networkError: true },
  /** Every request answered 401 as if its key had expired. */
  'expired-key': {
    status: 401,
    message:
      'This API key has expired. Create a new key in the API keys menu of your account settings.',
  },
}
