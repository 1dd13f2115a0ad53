import {
  SCENARIO_PRESETS,
  type Scenario,
  type ScenarioPreset,
} from '../../schema/scenario.js'
import { isUnderPath } from './is-under-path.js'
import { parseScenario } from './parse-scenario.js'
import type { ApiResponse } from '../types.js'
import { computeLatency } from './compute-latency.js'
import { createForcedResponse } from './create-forced-response.js'
import type { LimitScope } from './journal-facts.js'
import {
  createRateLimiter,
  type RateLimiter,
  type RateLimitUsage,
} from './create-rate-limiter.js'
import { createSeededStream } from '../../random/create-seeded-random.js'
import { combineSeeds } from '../../random/mix-seeds.js'
import {
  countsOf,
  takeCounts,
  type ScenarioCounters,
} from './scenario-counters.js'

export type { ScenarioCounters } from './scenario-counters.js'

/**
 * A scenario in force, as `mock.scenarios.list()` and `GET /__mock/scenarios`
 * show it. A `match.key` is shown as the key's log-safe `keyLabel`, so no
 * list ever carries an API key.
 */
export interface ActiveScenario extends Omit<Scenario, 'match'> {
  match?: Omit<NonNullable<Scenario['match']>, 'key'> & { keyLabel?: string }
  id: string
  name: string
  /** For a `times` scenario: how many more requests it will fire on. */
  remaining?: number
  /** Matching requests seen so far. */
  matched: number
  /** Requests it fired on so far. */
  fired: number
  /**
   * For a `rateLimit` scenario: each key whose count is running, with what
   * it has left.
   */
  usage?: RateLimitUsage[]
}

/**
 * What the engine knows of a request when it decides.
 */
export interface ScenarioRequest {
  path: string
  endpoint?: string
  keyLabel?: string
}

/**
 * What the scenarios decided for one request.
 */
export interface ScenarioOutcome {
  /** A response to send instead of the API's (a forced status or a 429). */
  response?: ApiResponse
  /** Drop the connection instead of answering. */
  networkError?: boolean
  /** Wait this long before answering. */
  delayMs: number
  /** Rate-limit headers for whatever response is sent. */
  headers?: Record<string, string>
}

/**
 * Adds, lists and removes the scenarios of one mock instance.
 */
export interface ScenarioController {
  /** Adds a scenario, or a preset with optional changes; returns it. */
  add(
    scenario: Scenario | ScenarioPreset,
    changes?: Partial<Scenario>,
  ): ActiveScenario
  /** Removes one scenario by ID; `false` if there was none. */
  remove(id: string): boolean
  /** Removes every scenario. */
  clear(): void
  list(): ActiveScenario[]
}

/**
 * The scenario engine: a controller plus the decision made per request.
 */
export interface ScenarioEngine extends ScenarioController {
  readonly isEmpty: boolean
  /** The counts of every scenario, as plain numbers, to hand to another copy. */
  exportCounters(): ScenarioCounters
  /**
   * Takes the counts another copy of the same scenarios exported (a replica
   * of a fleet), unless they were counted before its last `clear()`; a
   * `times` scenario used up there is removed here too.
   */
  importCounters(counters: ScenarioCounters): void
  /**
   * Clears, and the IDs and clears count from the start again: both are a
   * function of the changes since the last reset, so replicas of a fleet
   * (which may rebuild from the last reset) show the same IDs.
   */
  reset(): void
  evaluate(
    request: ScenarioRequest,
    preset?: ScenarioPreset,
  ): ScenarioOutcome | undefined
}

interface Entry {
  state: Omit<ActiveScenario, 'match'> & Pick<Scenario, 'match'>
  random: () => number
  stream: ReturnType<typeof createSeededStream>
  limiter?: RateLimiter
  endpoints?: ReadonlySet<string>
  /** `match.path` in full, the API prefix included. */
  path?: string
}

/**
 * Creates the scenario engine of one mock instance. `seed` makes every
 * probability and latency draw replayable; `labelOf` maps an API key in a
 * `match` to its log-safe label, so no key is kept; `prefix` is the API
 * prefix that a `match.path` may leave out.
 * @example
 * const engine = createScenarioEngine({ seed: 1, now: clock.now, labelOf, prefix: '/public-api/v1' })
 * engine.add('flaky')
 */
export function createScenarioEngine(options: {
  seed: number
  now: () => number
  labelOf: (key: string) => string | undefined
  prefix: string
}): ScenarioEngine {
  let entries: Entry[] = []
  // IDs stay unique until the next reset; the random streams restart with
  // every `clear()`, so the n-th scenario added after a reset draws what the
  // n-th scenario of a fresh mock draws, whatever ran before it.
  let sequence = 0
  let added = 0
  let clears = 0
  // The `times` scenarios used up since the last clear: another copy that
  // imports the counts removes them too.
  const usedUp = new Set<string>()
  function isUsedUp(entry: Entry): boolean {
    if (entry.state.remaining !== 0) return false
    usedUp.add(entry.state.id)
    return true
  }

  function toEntry(scenario: Scenario, id: string, stream: number): Entry {
    const endpoint = scenario.match?.endpoint
    const state: Entry['state'] = {
      ...scenario,
      id,
      name: scenario.name ?? 'custom',
      matched: 0,
      fired: 0,
      ...(scenario.times !== undefined ? { remaining: scenario.times } : {}),
    }
    const draws = createSeededStream(combineSeeds(options.seed, stream))
    return {
      state,
      random: draws.next,
      stream: draws,
      limiter:
        scenario.rateLimit === undefined
          ? undefined
          : createRateLimiter(scenario.rateLimit, options.now),
      endpoints:
        endpoint === undefined
          ? undefined
          : new Set(typeof endpoint === 'string' ? [endpoint] : endpoint),
      path:
        scenario.match?.path === undefined
          ? undefined
          : toFullPath(scenario.match.path),
    }
  }

  /**
   * A `match.path` with the API prefix: `/projects/p1` and
   * `/public-api/v1/projects/p1` are one path.
   * @note Unambiguous: the engine sees only requests under the prefix, so a
   * path neither under it nor above it could never match as written.
   */
  function toFullPath(path: string): string {
    const { prefix } = options
    return isUnderPath(path, prefix) || isUnderPath(prefix, path)
      ? path
      : `${prefix}${path}`
  }

  function describe(entry: Entry): ActiveScenario {
    const { match, ...state } = entry.state
    const rest =
      entry.limiter === undefined
        ? state
        : { ...state, usage: entry.limiter.usage() }
    if (match?.key === undefined) return { ...rest, ...(match && { match }) }
    const { key, ...narrowing } = match
    return {
      ...rest,
      match: {
        ...narrowing,
        keyLabel: options.labelOf(key) ?? '(a key not in the dataset)',
      },
    }
  }

  function matches(entry: Entry, request: ScenarioRequest): boolean {
    const { match } = entry.state
    if (match === undefined) return true
    if (
      entry.endpoints !== undefined &&
      !entry.endpoints.has(request.endpoint ?? '')
    )
      return false
    if (match.key !== undefined) {
      // @note Resolved per request against the dataset served now: a key may be
      // added later, and `load()` or `reset()` may give its label to another.
      const label = options.labelOf(match.key)
      if (label === undefined || label !== request.keyLabel) return false
    }
    return entry.path === undefined || isUnderPath(request.path, entry.path)
  }

  /**
   * Whether a scenario's status or dropped connection would be masked: an
   * earlier scenario of the same request already decided its outcome.
   * @note Such a request does not count for it at all (neither `matched` nor
   * `times`), so "the next request answers 500" and "the next request drops"
   * added together mean the next two requests, in the order added.
   */
  function isMasked(entry: Entry, outcome: ScenarioOutcome): boolean {
    const { state } = entry
    const decides = state.status !== undefined || state.networkError === true
    return (
      decides &&
      (outcome.response !== undefined || outcome.networkError === true)
    )
  }

  function fires(entry: Entry): boolean {
    const { state } = entry
    state.matched++
    if (state.every !== undefined && state.matched % state.every !== 0)
      return false
    if (
      state.probability !== undefined &&
      !(entry.random() < state.probability)
    )
      return false
    state.fired++
    if (state.remaining !== undefined) state.remaining--
    return true
  }

  function apply(
    entry: Entry,
    request: ScenarioRequest,
    outcome: ScenarioOutcome,
  ): void {
    const { state } = entry
    if (entry.limiter !== undefined) {
      state.matched++
      const decision = entry.limiter.check(
        request.keyLabel ?? 'anonymous',
        request.endpoint,
      )
      outcome.headers = { ...outcome.headers, ...decision.headers }
      if (
        !decision.allowed &&
        outcome.response === undefined &&
        !outcome.networkError
      ) {
        state.fired++
        outcome.response = createForcedResponse(
          429,
          undefined,
          decision.retryAfterSeconds,
        )
        outcome.response.facts!.limitScope = entry.limiter.options.perEndpoint
          ? narrowestScope(entry, 'endpoint')
          : narrowestScope(entry, 'key')
      }
      return
    }
    if (isMasked(entry, outcome) || !fires(entry)) return
    if (state.latency !== undefined) {
      outcome.delayMs += computeLatency(state.latency, entry.random)
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
        outcome.response.facts!.limitScope = narrowestScope(entry, 'key')
      }
    }
  }

  const oneOff = new Map<ScenarioPreset, Entry>()

  function clear(): void {
    entries = []
    added = 0
    clears++
    usedUp.clear()
    oneOff.clear()
  }

  return {
    get isEmpty() {
      return entries.length === 0
    },
    add(scenario, changes) {
      const parsed = parseScenario(scenario, changes)
      sequence++
      added++
      const entry = toEntry(parsed, `scn_${sequence}`, added)
      entries.push(entry)
      return describe(entry)
    },
    remove(id) {
      const before = entries.length
      entries = entries.filter((entry) => entry.state.id !== id)
      return entries.length < before
    },
    clear,
    reset() {
      clear()
      sequence = 0
      clears = 0
    },
    exportCounters() {
      const scenarios: ScenarioCounters['scenarios'] = {}
      for (const entry of [...entries, ...oneOff.values()]) {
        scenarios[entry.state.id] = countsOf(entry)
      }
      for (const id of usedUp) {
        scenarios[id] = { matched: 0, fired: 0, remaining: 0, draws: 0 }
      }
      return { clears, scenarios }
    },
    importCounters(counters) {
      if (counters.clears !== clears) return
      for (const entry of [...entries, ...oneOff.values()]) {
        const counted = counters.scenarios[entry.state.id]
        if (counted !== undefined) takeCounts(entry, counted)
      }
      entries = entries.filter((entry) => !isUsedUp(entry))
    },
    list() {
      return entries.map(describe)
    },
    evaluate(request, preset) {
      if (entries.length === 0 && preset === undefined) return undefined
      const outcome: ScenarioOutcome = { delayMs: 0 }
      if (preset !== undefined) {
        let entry = oneOff.get(preset)
        if (entry === undefined) {
          // @note Streams of their own (negative numbers), so a request with
          // the header does not shift the draws of the scenarios added later.
          entry = toEntry(
            parseScenario(preset),
            `header:${preset}`,
            -1 - SCENARIO_PRESETS.indexOf(preset),
          )
          oneOff.set(preset, entry)
        }
        apply(entry, request, outcome)
      }
      for (const entry of entries) {
        if (matches(entry, request)) apply(entry, request, outcome)
      }
      entries = entries.filter((entry) => !isUsedUp(entry))
      return outcome
    },
  }
}

/**
 * The requests a 429 of this scenario is about, at most as wide as `scope`:
 * a scenario narrowed to a path, or one of the `X-Mock-Scenario` header
 * (which applies to the requests that carry it), is about its path; one
 * narrowed to endpoints, about the endpoint.
 */
function narrowestScope(entry: Entry, scope: LimitScope): LimitScope {
  const { match, id } = entry.state
  if (match?.path !== undefined || id.startsWith('header:')) return 'path'
  return match?.endpoint !== undefined ? 'endpoint' : scope
}
