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
