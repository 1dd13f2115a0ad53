import {
  SCENARIO_PRESETS,
  type Scenario,
  type ScenarioPreset,
} from '../../schema/scenario.js'
import { parseScenario } from './parse-scenario.js'
import type { ScenarioCounters } from './scenario-counters.js'
import {
  ScenarioEntry,
  type ActiveScenario,
  type ScenarioEntryOptions,
  type ScenarioOutcome,
  type ScenarioRequest,
} from './scenario-entry.js'
import { bindMethods } from '../../data/bind-methods.js'
import { cached } from '../../data/cached.js'

export type { ActiveScenario } from './scenario-entry.js'

/** Adds, lists and removes the scenarios of one mock instance. */
export type ScenarioController = Pick<
  ScenarioEngine,
  'add' | 'remove' | 'clear' | 'list'
>

/** `seed` makes every draw replayable; `labelOf` keeps keys out of `match`; `prefix` may be left out of a `match.path`. */
export function createScenarioEngine(
  options: ScenarioEntryOptions,
): ScenarioEngine {
  return bindMethods(new ScenarioEngine(options))
}

export class ScenarioEngine {
  readonly #options: ScenarioEntryOptions
  #entries: ScenarioEntry[] = []
  // Streams restart with every `clear()`, so the n-th scenario after a reset draws what a fresh mock's n-th draws.
  #sequence = 0
  #added = 0
  #clears = 0
  // Another copy that imports the counts removes these too.
  readonly #usedUp = new Set<string>()
  readonly #oneOff = new Map<ScenarioPreset, ScenarioEntry>()

  constructor(options: ScenarioEntryOptions) {
    this.#options = options
  }

  get isEmpty(): boolean {
    return this.#entries.length === 0
  }

  /** A preset may come with changes; returns the scenario. */
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

  /** `false` if there was none. */
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

  /** IDs restart too, so fleet replicas (which may rebuild from the last reset) show the same IDs. */
  reset(): void {
    this.clear()
    this.#sequence = 0
    this.#clears = 0
  }

  /** Plain numbers, to hand to another copy. */
  exportCounters(): ScenarioCounters {
    const scenarios: ScenarioCounters['scenarios'] = {}
    for (const entry of [...this.#entries, ...this.#oneOff.values()]) {
      scenarios[entry.state.id] = entry.counts()
    }
    for (const id of this.#usedUp) {
      scenarios[id] = { matched: 0, fired: 0, remaining: 0, draws: 0 }
    }
    return { clears: this.#clears, scenarios }
  }

  /** Counts from before this copy's last `clear()` are ignored; a `times` scenario used up there is removed here too. */
  importCounters(counters: ScenarioCounters): void {
    if (counters.clears !== this.#clears) return
    for (const entry of [...this.#entries, ...this.#oneOff.values()]) {
      const counted = counters.scenarios[entry.state.id]
      if (counted !== undefined) entry.takeCounts(counted)
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
    // @note Streams of their own (negative numbers), so a request with the header does not shift the draws of the
    // scenarios added later.
    return cached(this.#oneOff, preset, () => {
      const stream = -1 - SCENARIO_PRESETS.indexOf(preset)
      const id = `header:${preset}`
      return new ScenarioEntry(parseScenario(preset), id, stream, this.#options)
    })
  }

  #dropUsedUp(): void {
    this.#entries = this.#entries.filter((entry) => {
      if (entry.state.remaining !== 0) return true
      this.#usedUp.add(entry.state.id)
      return false
    })
  }
}
