import type {
  DeleteRecordOptions,
  RecordController,
} from '../data/records/record-controller.js'
import type { RecordKindName } from '../data/records/record-kinds.js'
import type { Scenario, ScenarioPreset } from '../schema/scenario.js'
import type { VariantName } from '../schema/variants.js'
import type { ClockState, MockClockWithLifetime } from './create-mock-clock.js'
import type { MockCore } from './mock-core.js'
import type { RequestJournal } from './traffic/create-request-journal.js'
import type { ScenarioEngine } from './traffic/create-scenario-engine.js'

/**
 * One change of the state that control calls make, with every value that
 * real time or randomness decides already resolved (the clock's numbers, a
 * load's start), so that each copy of a mock applying the same changes in
 * the same order reaches the same state. Replicas share them through a
 * change log (see `src/server/fleet/`).
 */
export type StateChange =
  | { kind: 'clock'; clock: ClockState }
  | {
      kind: 'scenario-add'
      scenario: Scenario | ScenarioPreset
      changes?: Partial<Scenario>
    }
  | { kind: 'scenario-remove'; id: string }
  | { kind: 'scenarios-clear' }
  | { kind: 'variants'; names: VariantName[] }
  | {
      kind: 'record'
      records: RecordKindName
      action: 'create' | 'patch' | 'delete'
      id?: string
      value?: unknown
      options?: DeleteRecordOptions
    }
  | { kind: 'load'; document: string; start: number }
  | { kind: 'reset'; start?: number }
  | { kind: 'journal-clear' }

/** The parts of a core that changes are applied to, unobserved. */
export interface SharedStateParts {
  core: MockCore
  clock: MockClockWithLifetime
  /** The scenarios, whose counts replicas share (see `exportCounters`). */
  scenarios: ScenarioEngine
  /** The request journal, which a fleet fills from the one it shares. */
  journal: RequestJournal
  /** Whether `X-Mock-Scenario` headers are ignored (`strict`). */
  strict: boolean
  /** Loads a document whose story offsets count from `start`. */
  loadAt(document: unknown, start: number): Promise<void>
  /** Resets, the story offsets counted from `start` (default: now); resolves with it. */
  resetAt(start?: number): Promise<number>
}

/**
 * A mock that reports its changes, and applies those of its replicas.
 */
export interface SharedMockCore {
  /** The mock whose control calls report each change to `onChange`. */
  mock: MockCore
  /** Its scenarios and whether headers may add one, for shared counting. */
  scenarios: ScenarioEngine
  strict: boolean
  /** Its journal, which a fleet fills from the one it shares. */
  journal: RequestJournal
  /** Applies a change another replica made, without reporting it. */
  apply(change: StateChange): Promise<void>
}

const RECORD_KINDS = ['contents', 'projects', 'apiKeys', 'accounts'] as const

/**
 * Wraps a core so that every control call reports the changes it made to
 * `onChange`, once made (a call that throws reports nothing), and returns
 * the function that applies a reported change to another copy. An async
 * call resolves once what `onChange` returned for its changes has.
 * @example
 * const shared = shareStateChanges(parts, (change) => log.push(change))
 * shared.mock.clock.advance(60_000) // log: [{ kind: 'clock', clock: {…} }]
 */
export function shareStateChanges(
  parts: SharedStateParts,
  onChange: (change: StateChange) => void | Promise<void>,
): SharedMockCore {
  const { core, clock } = parts
  const clockChanged = () => onChange({ kind: 'clock', clock: clock.state() })
  const observedClock: MockClockWithLifetime = {
    now: clock.now,
    lifetimeNow: clock.lifetimeNow,
    get speed() {
      return clock.speed
    },
    state: clock.state,
    restore: clock.restore,
    set: (time) => (clock.set(time), clockChanged()),
    advance: (ms) => (clock.advance(ms), clockChanged()),
    setSpeed: (speed) => (clock.setSpeed(speed), clockChanged()),
    pause: () => (clock.pause(), clockChanged()),
    resume: () => (clock.resume(), clockChanged()),
    toRealTime: () => (clock.toRealTime(), clockChanged()),
    reset: () => (clock.reset(), clockChanged()),
  }
  const records = Object.fromEntries(
    RECORD_KINDS.map((name) => [name, observeRecords(name)]),
  ) as unknown as Pick<MockCore, (typeof RECORD_KINDS)[number]>

  function observeRecords(name: RecordKindName): RecordController<unknown> {
    const controller = core[name] as RecordController<unknown>
    return {
      list: controller.list,
      get: controller.get,
      async create(record) {
        const created = await controller.create(record)
        await onChange({
          kind: 'record',
          records: name,
          action: 'create',
          value: created,
        })
        return created
      },
      async patch(id, patch) {
        const patched = await controller.patch(id, patch)
        await onChange({
          kind: 'record',
          records: name,
          action: 'patch',
          id,
          value: patch,
        })
        return patched
      },
      async delete(id, options) {
        await controller.delete(id, options)
        await onChange({
          kind: 'record',
          records: name,
          action: 'delete',
          id,
          options,
        })
      },
    }
  }

  const mock: MockCore = {
    ...core,
    ready: core.ready,
    origin: core.origin,
    prefix: core.prefix,
    get db() {
      return core.db
    },
    handle: core.handle,
    handleAsset: core.handleAsset,
    exportFixtures: core.exportFixtures,
    clock: observedClock,
    scenarios: {
      list: core.scenarios.list,
      add(scenario, changes) {
        const added = core.scenarios.add(scenario, changes)
        onChange({
          kind: 'scenario-add',
          scenario,
          ...(changes && { changes }),
        })
        return added
      },
      remove(id) {
        const removed = core.scenarios.remove(id)
        if (removed) onChange({ kind: 'scenario-remove', id })
        return removed
      },
      clear() {
        core.scenarios.clear()
        onChange({ kind: 'scenarios-clear' })
      },
    },
    variants: {
      list: core.variants.list,
      set(names) {
        const set = core.variants.set(names)
        onChange({ kind: 'variants', names: set })
        return set
      },
    },
    requests: {
      capacity: core.requests.capacity,
      list: core.requests.list,
      count: core.requests.count,
      clear() {
        core.requests.clear()
        onChange({ kind: 'journal-clear' })
      },
    },
    async reset() {
      const start = await parts.resetAt()
      await Promise.all([onChange({ kind: 'reset', start }), clockChanged()])
    },
    async load(document) {
      // Read before loading: a load adopts the document's records.
      const text = JSON.stringify(document)
      const start = clock.now()
      await parts.loadAt(document, start)
      await onChange({ kind: 'load', document: text, start })
    },
    ...records,
  }

  async function apply(change: StateChange): Promise<void> {
    switch (change.kind) {
      case 'clock':
        return clock.restore(change.clock)
      case 'scenario-add':
        core.scenarios.add(change.scenario, change.changes)
        return
      case 'scenario-remove':
        core.scenarios.remove(change.id)
        return
      case 'scenarios-clear':
        return core.scenarios.clear()
      case 'variants':
        core.variants.set(change.names)
        return
      case 'record':
        return applyRecordChange(core, change)
      case 'load':
        return parts.loadAt(JSON.parse(change.document), change.start)
      case 'reset':
        await parts.resetAt(change.start)
        return
      case 'journal-clear':
        return core.requests.clear()
    }
  }

  return {
    mock,
    apply,
    scenarios: parts.scenarios,
    strict: parts.strict,
    journal: parts.journal,
  }
}

async function applyRecordChange(
  core: MockCore,
  change: Extract<StateChange, { kind: 'record' }>,
): Promise<void> {
  const controller = core[change.records] as RecordController<unknown>
  if (change.action === 'create') await controller.create(change.value)
  else if (change.action === 'patch') {
    await controller.patch(change.id!, change.value as never)
  } else await controller.delete(change.id!, change.options)
}
