import type {
  DeleteRecordOptions,
  RecordController,
} from '../data/records/record-controller.js'
import type { RecordKindName } from '../data/records/record-kinds.js'
import type { Scenario, ScenarioPreset } from '../schema/scenario.js'
import type { VariantName } from '../schema/variants.js'
import type {
  ClockState,
  MockClock,
  MockClockWithLifetime,
} from './create-mock-clock.js'
import type { MockCore } from './mock-core.js'
import type { RequestJournal } from './traffic/create-request-journal.js'
import type { ScenarioEngine } from './traffic/create-scenario-engine.js'

/**
 * One change of the state that control calls make, with every value that
 * real time or randomness decides already resolved (the clock's numbers, a
 * load's start), so that each copy of a mock applying the same changes in
 * the same order reaches the same state. Replicas of a fleet exchange them
 * (see `src/server/fleet/`).
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

/** The kinds of `StateChange`, for code that reads changes from elsewhere. */
export const STATE_CHANGE_KINDS: ReadonlyArray<StateChange['kind']> = [
  'clock',
  'scenario-add',
  'scenario-remove',
  'scenarios-clear',
  'variants',
  'record',
  'load',
  'reset',
  'journal-clear',
]

/** The parts of a core that changes are made on and applied to. */
export interface StateParts {
  core: MockCore
  clock: MockClockWithLifetime
  /** The scenarios, whose counts a fleet keeps (see `exportCounters`). */
  scenarios: ScenarioEngine
  /** The request journal, which a fleet fills from the one it keeps. */
  journal: RequestJournal
  /** Whether `X-Mock-Scenario` headers are ignored (`strict`). */
  strict: boolean
  /** Loads a document whose story offsets count from `start`. */
  loadAt(document: unknown, start: number): Promise<void>
  /** Resets, the story offsets counted from `start` (default: now); resolves with it. */
  resetAt(start?: number): Promise<number>
}

/** Where a view of a core reports each change it made. */
type OnStateChange = (change: StateChange) => void | Promise<void>

const RECORD_KINDS = ['contents', 'projects', 'apiKeys', 'accounts'] as const

/**
 * A view of a core whose every member that changes state reports the change
 * to `onChange` once made (a call that throws reports nothing); an async
 * member resolves once what `onChange` returned has. Every member is listed
 * here, none copied by a spread, so a member added to `MockCore` does not
 * compile until it is either reported or passed through on purpose.
 * @note `db` is passed through: its @msw/data collections change this copy
 * only (the records controllers are the way to change data that reports).
 * @example
 * const mock = reportStateChanges(parts, (change) => log.push(change))
 * mock.clock.advance(60_000) // log: [{ kind: 'clock', clock: {…} }]
 */
export function reportStateChanges(
  parts: StateParts,
  onChange: OnStateChange,
): MockCore {
  const { core } = parts
  const records = Object.fromEntries(
    RECORD_KINDS.map((name) => [name, reportRecords(core, name, onChange)]),
  ) as unknown as Pick<MockCore, (typeof RECORD_KINDS)[number]>
  const clockChanged = () =>
    onChange({ kind: 'clock', clock: parts.clock.state() })
  return {
    ready: core.ready,
    origin: core.origin,
    prefix: core.prefix,
    get db() {
      return core.db
    },
    handle: core.handle,
    handleAsset: core.handleAsset,
    exportFixtures: core.exportFixtures,
    clientReport: core.clientReport,
    clock: reportClock(parts.clock, clockChanged),
    scenarios: {
      list: core.scenarios.list,
      add(scenario, changes) {
        const added = core.scenarios.add(scenario, changes)
        void onChange({
          kind: 'scenario-add',
          scenario,
          ...(changes && { changes }),
        })
        return added
      },
      remove(id) {
        const removed = core.scenarios.remove(id)
        if (removed) void onChange({ kind: 'scenario-remove', id })
        return removed
      },
      clear() {
        core.scenarios.clear()
        void onChange({ kind: 'scenarios-clear' })
      },
    },
    variants: {
      list: core.variants.list,
      set(names) {
        const set = core.variants.set(names)
        void onChange({ kind: 'variants', names: set })
        return set
      },
    },
    requests: {
      capacity: core.requests.capacity,
      list: core.requests.list,
      count: core.requests.count,
      clear() {
        core.requests.clear()
        void onChange({ kind: 'journal-clear' })
      },
    },
    async reset() {
      const start = await parts.resetAt()
      // Reported together: a fleet takes them as one write.
      await Promise.all([onChange({ kind: 'reset', start }), clockChanged()])
    },
    async load(document) {
      // Read before loading: a load adopts the document's records.
      const text = JSON.stringify(document)
      const start = parts.clock.now()
      await parts.loadAt(document, start)
      await onChange({ kind: 'load', document: text, start })
    },
    ...records,
  }
}

function reportClock(
  clock: MockClockWithLifetime,
  changed: () => void | Promise<void>,
): MockClock {
  const reported =
    <Args extends unknown[]>(change: (...args: Args) => void) =>
    (...args: Args) => {
      change(...args)
      void changed()
    }
  return {
    now: clock.now,
    get speed() {
      return clock.speed
    },
    set: reported(clock.set),
    advance: reported(clock.advance),
    setSpeed: reported(clock.setSpeed),
    pause: reported(clock.pause),
    resume: reported(clock.resume),
    toRealTime: reported(clock.toRealTime),
    reset: reported(clock.reset),
  }
}

function reportRecords(
  core: MockCore,
  name: RecordKindName,
  onChange: OnStateChange,
): RecordController<unknown> {
  const controller = core[name] as RecordController<unknown>
  const base = { kind: 'record', records: name } as const
  return {
    list: controller.list,
    get: controller.get,
    async create(record) {
      const created = await controller.create(record)
      await onChange({ ...base, action: 'create', value: created })
      return created
    },
    async patch(id, patch) {
      const patched = await controller.patch(id, patch)
      await onChange({ ...base, action: 'patch', id, value: patch })
      return patched
    },
    async delete(id, options) {
      await controller.delete(id, options)
      await onChange({ ...base, action: 'delete', id, options })
    },
  }
}

/**
 * Applies a change another copy of the mock reported, without reporting it.
 * @example
 * await applyStateChange(parts, { kind: 'scenarios-clear' })
 */
export async function applyStateChange(
  parts: StateParts,
  change: StateChange,
): Promise<void> {
  const { core } = parts
  switch (change.kind) {
    case 'clock':
      return parts.clock.restore(change.clock)
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
    default:
      throw new TypeError(
        `Unknown state change ${JSON.stringify(change satisfies never as unknown)}.`,
      )
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
