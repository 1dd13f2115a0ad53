import type { Scenario } from '../../schema/scenario.js'
import { createSeededStream } from '../../random/create-seeded-random.js'
import { combineSeeds } from '../../random/mix-seeds.js'
import type { ApiResponse } from '../types.js'
import { computeLatency } from './compute-latency.js'
import { createForcedResponse } from './create-forced-response.js'
import { RateLimiter, type RateLimitUsage } from './rate-limiter.js'
import { isUnderPath } from './is-under-path.js'
import type { LimitScope } from './journal-facts.js'
import type { ScenarioCounters } from './scenario-counters.js'

type ScenarioCounts = ScenarioCounters['scenarios'][string]

/** A `match.key` is shown as the key's log-safe `keyLabel`, so no list ever carries an API key. */
export interface ActiveScenario extends Omit<Scenario, 'match'> {
  match?: Omit<NonNullable<Scenario['match']>, 'key'> & { keyLabel?: string }
  id: string
  name: string
  /** For a `times` scenario. */
  remaining?: number
  matched: number
  fired: number
  /** For a `rateLimit` scenario: each key whose count is running. */
  usage?: RateLimitUsage[]
}

export interface ScenarioRequest {
  path: string
  endpoint?: string
  keyLabel?: string
}

export interface ScenarioOutcome {
  /** A forced status or a 429. */
  response?: ApiResponse
  networkError?: boolean
  delayMs: number
  /** Sent on whatever response goes out. */
  headers?: Record<string, string>
}

export interface ScenarioEntryOptions {
  seed: number
  now: () => number
  labelOf: (key: string) => string | undefined
  prefix: string
}

export class ScenarioEntry {
  readonly state: Omit<ActiveScenario, 'match'> & Pick<Scenario, 'match'>
  readonly stream: ReturnType<typeof createSeededStream>
  readonly limiter?: RateLimiter
  readonly #endpoints?: ReadonlySet<string>
  readonly #path?: string
  readonly #labelOf: (key: string) => string | undefined

  constructor(
    scenario: Scenario,
    id: string,
    stream: number,
    options: ScenarioEntryOptions,
  ) {
    const { endpoint, path } = scenario.match ?? {}
    this.state = {
      ...scenario,
      id,
      name: scenario.name ?? 'custom',
      matched: 0,
      fired: 0,
      ...(scenario.times !== undefined ? { remaining: scenario.times } : {}),
    }
    this.stream = createSeededStream(combineSeeds(options.seed, stream))
    if (scenario.rateLimit !== undefined) {
      this.limiter = new RateLimiter(scenario.rateLimit, options.now)
    }
    if (endpoint !== undefined) this.#endpoints = new Set([endpoint].flat())
    if (path !== undefined) this.#path = toFullPath(path, options.prefix)
    this.#labelOf = options.labelOf
  }

  describe(): ActiveScenario {
    const { match, ...state } = this.state
    const rest =
      this.limiter === undefined
        ? state
        : { ...state, usage: this.limiter.usage() }
    if (match?.key === undefined) return { ...rest, ...(match && { match }) }
    const { key, ...narrowing } = match
    const keyLabel = this.#labelOf(key) ?? '(a key not in the dataset)'
    return { ...rest, match: { ...narrowing, keyLabel } }
  }

  matches(request: ScenarioRequest): boolean {
    const { match } = this.state
    if (match === undefined) return true
    if (this.#endpoints?.has(request.endpoint ?? '') === false) return false
    if (match.key !== undefined) {
      // @note Resolved per request: a key may be added later, and `load()` or `reset()` may give its label to another.
      const label = this.#labelOf(match.key)
      if (label === undefined || label !== request.keyLabel) return false
    }
    return this.#path === undefined || isUnderPath(request.path, this.#path)
  }

  apply(request: ScenarioRequest, outcome: ScenarioOutcome): void {
    if (this.limiter !== undefined) {
      this.#applyLimit(this.limiter, request, outcome)
      return
    }
    const { state } = this
    if (this.#isMasked(outcome) || !this.#fires()) return
    if (state.latency !== undefined) {
      outcome.delayMs += computeLatency(state.latency, this.stream.next)
    }
    if (state.networkError === true) outcome.networkError = true
    else if (state.status !== undefined) {
      outcome.response = createForcedResponse(
        state.status,
        state.message,
        state.retryAfter,
        state.id,
      )
      if (state.status === 429) {
        outcome.response.facts!.limitScope = this.#narrowestScope('key')
      }
    }
  }

  /** Includes the place in the seeded draws and the buckets. */
  counts(): ScenarioCounts {
    const { matched, fired, remaining } = this.state
    return {
      matched,
      fired,
      ...(remaining !== undefined && { remaining }),
      draws: this.stream.position,
      ...(this.limiter && { buckets: this.limiter.exportBuckets() }),
    }
  }

  takeCounts(counted: ScenarioCounts): void {
    this.state.matched = counted.matched
    this.state.fired = counted.fired
    if (counted.remaining !== undefined)
      this.state.remaining = counted.remaining
    this.stream.seek(counted.draws)
    if (counted.buckets !== undefined) {
      this.limiter?.importBuckets(counted.buckets)
    }
  }

  #applyLimit(
    limiter: RateLimiter,
    request: ScenarioRequest,
    outcome: ScenarioOutcome,
  ): void {
    this.state.matched++
    const key = request.keyLabel ?? 'anonymous'
    const decision = limiter.check(key, request.endpoint)
    outcome.headers = { ...outcome.headers, ...decision.headers }
    if (decision.allowed || outcome.response !== undefined) return
    if (outcome.networkError) return
    this.state.fired++
    outcome.response = createForcedResponse(
      429,
      undefined,
      decision.retryAfterSeconds,
    )
    outcome.response.facts!.limitScope = this.#narrowestScope(
      limiter.options.perEndpoint ? 'endpoint' : 'key',
    )
  }

  /** @note A masked request does not count for it at all, so "next answers 500" and "next drops" added together mean the next two requests. */
  #isMasked(outcome: ScenarioOutcome): boolean {
    const { state } = this
    const decides = state.status !== undefined || state.networkError === true
    return (
      decides &&
      (outcome.response !== undefined || outcome.networkError === true)
    )
  }

  #fires(): boolean {
    const { state } = this
    state.matched++
    if (state.every !== undefined && state.matched % state.every !== 0) {
      return false
    }
    if (
      state.probability !== undefined &&
      !(this.stream.next() < state.probability)
    ) {
      return false
    }
    state.fired++
    if (state.remaining !== undefined) state.remaining--
    return true
  }

  /** A path-narrowed or `X-Mock-Scenario` header scenario is about its path; an endpoint-narrowed one, about the endpoint. */
  #narrowestScope(scope: LimitScope): LimitScope {
    const { match, id } = this.state
    if (match?.path !== undefined || id.startsWith('header:')) return 'path'
    return match?.endpoint !== undefined ? 'endpoint' : scope
  }
}

/** @note Unambiguous: the engine sees only requests under the prefix, so a path neither under nor above it could never match. */
function toFullPath(path: string, prefix: string): string {
  return isUnderPath(path, prefix) || isUnderPath(prefix, path)
    ? path
    : `${prefix}${path}`
}
