import {
  SCENARIO_PRESETS,
  type Scenario,
  type ScenarioPreset,
} from '../../schema/scenario.js'
import { parseScenario } from './parse-scenario.js'
import {
  countsOf,
  takeCounts,
  type ScenarioCounters,
} from './scenario-counters.js'
import {
  ScenarioEntry,
  type ActiveScenario,
  type ScenarioEntryOptions,
  type ScenarioOutcome,
  type ScenarioRequest,
} from './scenario-entry.js'
import { bindMethods } from '../../data/bind-methods.js'

export type {
  ActiveScenario,
  ScenarioOutcome,
  ScenarioRequest,
} from './scenario-entry.js'
export type { ScenarioCounters } from './scenario-counters.js'

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

/**
 * Creates the scenario engine of one mock instance. `seed` makes every
 * probability and latency draw replayable; `labelOf` maps an API key in a
 * `match` to its log-safe label, so no key is kept; `prefix` is the API
 * prefix that a `match.path` may leave out.
 */
export function createScenarioEngine(
  options: ScenarioEntryOptions,
): ScenarioEngine {
  return bindMethods(new ScenarioList(options))
}

class ScenarioList implements ScenarioEngine {
  readonly #options: ScenarioEntryOptions
  #entries: ScenarioEntry[] = []
  // IDs stay unique until the next reset; the random streams restart with
  // every `clear()`, so the n-th scenario added after a reset draws what the
  // n-th scenario of a fresh mock draws, whatever ran before it.
  #sequence = 0
  #added = 0
  #clears = 0
  // The `times` scenarios used up since the last clear: another copy that
  // imports the counts removes them too.
  readonly #usedUp = new Set<string>()
  readonly #oneOff = new Map<ScenarioPreset, ScenarioEntry>()

  constructor(options: ScenarioEntryOptions) {
    this.#options = options
  }

  get isEmpty(): boolean {
    return this.#entries.length === 0
  }

  add(
    scenario: Scenario | ScenarioPreset,
    changes?: Partial<Scenario>,
  ): ActiveScenario {
    const parsed = parseScenario(scenario, changes)
    this.#sequence++
    this.#added++
    const id = `scn_${this.#sequence}`
    const entry = new ScenarioEntry(parsed, id, this.#added, this.#options)
    this.#entries.push(entry)
    return entry.describe()
  }

  remove(id: string): boolean {
    const before = this.#entries.length
    this.#entries = this.#entries.filter((entry) => entry.state.id !== id)
    return this.#entries.length < before
  }

  clear(): void {
    this.#entries = []
    this.#added = 0
    this.#clears++
    this.#usedUp.clear()
    this.#oneOff.clear()
  }

  reset(): void {
    this.clear()
    this.#sequence = 0
    this.#clears = 0
  }

  exportCounters(): ScenarioCounters {
    const scenarios: ScenarioCounters['scenarios'] = {}
    for (const entry of [...this.#entries, ...this.#oneOff.values()]) {
      scenarios[entry.state.id] = countsOf(entry)
    }
    for (const id of this.#usedUp) {
      scenarios[id] = { matched: 0, fired: 0, remaining: 0, draws: 0 }
    }
    return { clears: this.#clears, scenarios }
  }

  importCounters(counters: ScenarioCounters): void {
    if (counters.clears !== this.#clears) return
    for (const entry of [...this.#entries, ...this.#oneOff.values()]) {
      const counted = counters.scenarios[entry.state.id]
      if (counted !== undefined) takeCounts(entry, counted)
    }
    this.#dropUsedUp()
  }

  list(): ActiveScenario[] {
    return this.#entries.map((entry) => entry.describe())
  }

  evaluate(
    request: ScenarioRequest,
    preset?: ScenarioPreset,
  ): ScenarioOutcome | undefined {
    if (this.#entries.length === 0 && preset === undefined) return undefined
    const outcome: ScenarioOutcome = { delayMs: 0 }
    if (preset !== undefined) this.#oneOffOf(preset).apply(request, outcome)
    for (const entry of this.#entries) {
      if (entry.matches(request)) entry.apply(request, outcome)
    }
    this.#dropUsedUp()
    return outcome
  }

  /** The scenario of an `X-Mock-Scenario` preset, made on its first use. */
  #oneOffOf(preset: ScenarioPreset): ScenarioEntry {
    let entry = this.#oneOff.get(preset)
    if (entry === undefined) {
      // @note Streams of their own (negative numbers), so a request with
      // the header does not shift the draws of the scenarios added later.
      const stream = -1 - SCENARIO_PRESETS.indexOf(preset)
      const scenario = parseScenario(preset)
      entry = new ScenarioEntry(
        scenario,
        `header:${preset}`,
        stream,
        this.#options,
      )
      this.#oneOff.set(preset, entry)
    }
    return entry
  }

  #dropUsedUp(): void {
    this.#entries = this.#entries.filter((entry) => {
      if (entry.state.remaining !== 0) return true
      this.#usedUp.add(entry.state.id)
      return false
    })
  }
}
