import { findCloseMatch } from '../../schema/find-close-match.js'
import { createPicker } from '../../schema/create-picker.js'
import { applyMergePatch } from '../apply-merge-patch.js'
import { formatIssuePath } from '../fixture-error.js'
import {
  findTooDeepPath,
  TOO_DEEP_MESSAGE,
} from '../../schema/find-too-deep-path.js'
import type { Dataset } from '../dataset.js'
import { isJsonRecord } from '../is-json-record.js'
import type { FixtureContent } from '../../schema/fixture.js'
import { ComputedRecordError } from './computed-record-error.js'
import { describeDependents } from './describe-dependents.js'
import {
  carryOutDeletion,
  collectionOf,
  planDeletion,
  type DeletionPlan,
} from './deletion-plan.js'
import { findRecordIssues } from './find-record-issues.js'
import { InvalidRecordError } from './invalid-record-error.js'
import type {
  DeleteRecordOptions,
  RecordController,
  RecordFilter,
} from './record-controller.js'
import { recordFilterFields } from './record-filter-fields.js'
import { RecordInUseError } from './record-in-use-error.js'
import {
  RECORD_KINDS,
  type RecordKind,
  type RecordKindName,
  type RecordTypes,
} from './record-kinds.js'
import { RecordNotFoundError } from './record-not-found-error.js'
import { bindMethods } from '../bind-methods.js'
import { SerialQueue } from '../serial-queue.js'

type RecordControllers = {
  readonly [Name in RecordKindName]: RecordController<RecordTypes[Name]>
}

type JsonRecord = Record<string, unknown>

/** Records computed from the clock (live contents): those listed now, and any by ID, also after it left the list. */
interface ComputedRecords<Value extends object = object> {
  all(): readonly Value[]
  byId(id: string): Value | undefined
}

const NONE_COMPUTED: ComputedRecords<never> = {
  all: () => [],
  byId: () => undefined,
}

/**
 * Over whatever dataset `dataset()` returns when a call starts, so they follow `load()` and `reset()`.
 * @note Changes go through the collections, whose hooks keep the index (and so the API's answers) in step. They
 * run one at a time, each validated against the dataset the previous one left, so two cannot break a reference.
 */
export function createRecordControllers(
  dataset: () => Dataset,
  loaded: Promise<unknown> = Promise.resolve(),
  computedContents: ComputedRecords<FixtureContent> = NONE_COMPUTED,
): RecordControllers {
  const serial = new SerialQueue()
  serial.run(() => loaded).catch(() => undefined)
  const controller = <Name extends RecordKindName>(
    name: Name,
    computed: ComputedRecords = NONE_COMPUTED,
  ) => bindMethods(new KindController(name, dataset, serial, computed))
  return {
    accounts: controller('accounts'),
    apiKeys: controller('apiKeys'),
    projects: controller('projects'),
    contents: controller('contents', computedContents),
  }
}

/** Computed records are read like stored ones unless one has the same ID; a patch stores a copy in their place. */
class KindController<Name extends RecordKindName> implements RecordController<
  RecordTypes[Name]
> {
  readonly #kind: RecordKind
  readonly #dataset: () => Dataset
  readonly #serial: SerialQueue
  readonly #computed: ComputedRecords
  readonly #pick: (record: object) => RecordTypes[Name]

  constructor(
    name: Name,
    dataset: () => Dataset,
    serial: SerialQueue,
    computed: ComputedRecords,
  ) {
    this.#kind = RECORD_KINDS[name]
    this.#dataset = dataset
    this.#serial = serial
    this.#computed = computed
    this.#pick = createPicker(this.#kind.schema) as (
      record: object,
    ) => RecordTypes[Name]
  }

  list(filter?: RecordFilter<RecordTypes[Name]>): RecordTypes[Name][] {
    const matches = compileFilter(this.#kind, filter)
    return this.#all(this.#dataset()).filter(matches).map(this.#pick)
  }

  get(id: string): RecordTypes[Name] | undefined {
    const record = this.#find(this.#dataset(), id)
    return record === undefined ? undefined : this.#pick(record)
  }

  create(record: RecordTypes[Name]): Promise<RecordTypes[Name]> {
    return this.#serial.run(async () => {
      const data = this.#dataset()
      const kind = this.#kind
      const issues = findRecordIssues(kind, data.index, record, {
        creating: true,
      })
      if (issues.length > 0) {
        throw new InvalidRecordError(
          issues,
          `create ${/^[aeiou]/i.test(kind.noun) ? 'an' : 'a'} ${kind.noun}`,
        )
      }
      return this.#pick(await collectionOf(data, kind).create(record))
    })
  }

  patch(id: string, patch: unknown): Promise<RecordTypes[Name]> {
    return this.#serial.run(async () => {
      const data = this.#dataset()
      const current = this.#find(data, id)
      if (current === undefined) throw this.#notFound(data, id, 'patch')
      const next = this.#patched(data, id, current, patch)
      const collection = collectionOf(data, this.#kind)
      if (this.#stored(data, id) === undefined) {
        // A computed record: the patched copy is stored in its place.
        return this.#pick(await collection.create(next))
      }
      await collection.update(current, {
        data: (draft: JsonRecord) => replaceFields(draft, current, next),
      })
      return this.#pick(this.#find(data, id)!)
    })
  }

  delete(id: string, options: DeleteRecordOptions = {}): Promise<void> {
    return this.#serial.run(async () => {
      const data = this.#dataset()
      const record = this.#stored(data, id)
      if (record === undefined) throw this.#notDeletable(data, id)
      const plan: DeletionPlan = { deletions: [], detachments: [] }
      const dependents = planDeletion(data, this.#kind, record, plan)
      if (dependents.length > 0 && options.cascade !== true) {
        throw new RecordInUseError(
          this.#kind.name,
          id,
          dependents,
          `Cannot delete ${describeRecord(this.#kind, id, data)}: ${describeDependents(dependents)}. Delete or change the records that refer to it first, or delete with { cascade: true }, which also deletes the records that belong to it and removes it from the others.`,
        )
      }
      await carryOutDeletion(data, plan, id)
    })
  }

  #stored(data: Dataset, id: string): JsonRecord | undefined {
    return this.#kind.byId(data.index).get(id) as JsonRecord | undefined
  }

  #find(data: Dataset, id: string): JsonRecord | undefined {
    return (
      this.#stored(data, id) ??
      (this.#computed.byId(id) as JsonRecord | undefined)
    )
  }

  #all(data: Dataset): JsonRecord[] {
    const kind = this.#kind
    const records: JsonRecord[] = collectionOf(data, kind).all()
    const extra = this.#computed.all() as JsonRecord[]
    if (extra.length === 0) return records
    const index = kind.byId(data.index)
    return [
      ...records,
      ...extra.filter((record) => !index.has(record[kind.idField] as string)),
    ]
  }

  #patched(
    data: Dataset,
    id: string,
    current: JsonRecord,
    patch: unknown,
  ): JsonRecord {
    const doing = `patch ${describeRecord(this.#kind, id, data)}`
    // Before the merge, which recurses; the patch sits where a record does in a document (level 3).
    const tooDeep = findTooDeepPath(patch, { startDepth: 3 })
    if (tooDeep !== undefined) {
      throw new InvalidRecordError(
        [{ path: formatIssuePath(tooDeep), message: TOO_DEEP_MESSAGE }],
        doing,
      )
    }
    const next = applyMergePatch(this.#pick(current), patch) as JsonRecord
    const issues = findRecordIssues(this.#kind, data.index, next, {
      creating: false,
      id,
      patch,
    })
    if (issues.length > 0) throw new InvalidRecordError(issues, doing)
    return next
  }

  #notFound(data: Dataset, id: string, verb: string): RecordNotFoundError {
    return new RecordNotFoundError(
      this.#kind.name,
      id,
      `No ${describeRecord(this.#kind, id, data)} to ${verb}. mock.${this.#kind.name}.list() lists the ${this.#kind.plural} there are.`,
    )
  }

  #notDeletable(data: Dataset, id: string): Error {
    if (this.#computed.byId(id) === undefined) {
      return this.#notFound(data, id, 'delete')
    }
    return new ComputedRecordError(
      this.#kind.name,
      id,
      `Cannot delete ${describeRecord(this.#kind, id, data)}: it is not stored but computed from the clock by the live stream (live: true), so it would come back. Patch it instead: a patch stores the changed ${this.#kind.noun} in its place.`,
    )
  }
}

/** `content "v1"`; an API key by its label (`API key acct_a#1`). */
function describeRecord(kind: RecordKind, id: string, data: Dataset): string {
  if (kind.name !== 'apiKeys') return `${kind.noun} ${JSON.stringify(id)}`
  const label = data.index.keyLabels.get(id)
  return label === undefined ? 'API key with that key' : `API key ${label}`
}

/**
 * Writes only the fields that differ, so the index hears of each change once.
 * @note Compared on `current`, not on the draft: reading a draft deeply goes through its proxies, and cost more.
 */
function replaceFields(
  draft: JsonRecord,
  current: JsonRecord,
  next: JsonRecord,
): void {
  for (const key of Object.keys(current)) {
    if (!Object.hasOwn(next, key)) delete draft[key]
  }
  for (const key of Object.keys(next)) {
    if (JSON.stringify(current[key]) !== JSON.stringify(next[key])) {
      draft[key] = next[key]
    }
  }
}

function compileFilter<Stored>(
  kind: RecordKind,
  filter: RecordFilter<Stored> | undefined,
): (record: JsonRecord) => boolean {
  if (filter === undefined) return () => true
  if (!isJsonRecord(filter)) {
    throw new TypeError(
      `The filter of mock.${kind.name}.list() must be an object such as { ${[...recordFilterFields(kind).keys()][0]}: … }.`,
    )
  }
  const fields = recordFilterFields(kind)
  const entries = Object.entries(filter).filter(
    ([, value]) => value !== undefined,
  )
  for (const [field, value] of entries) {
    const type = fields.get(field)
    if (type === undefined) {
      const close = findCloseMatch(field, [...fields.keys()])
      throw new TypeError(
        `Unknown filter "${field}" for mock.${kind.name}.list()${close === undefined ? '' : ` (did you mean "${close}"?)`}: it filters by ${[...fields.keys()].join(', ')}.`,
      )
    }
    if (typeof value !== type) {
      throw new TypeError(
        `The "${field}" filter of mock.${kind.name}.list() must be a ${type}, found ${JSON.stringify(value)}.`,
      )
    }
  }
  return (record) => entries.every(([field, value]) => record[field] === value)
}
