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

/**
 * The record controllers of one mock, one per kind.
 */
type RecordControllers = {
  readonly [Name in RecordKindName]: RecordController<RecordTypes[Name]>
}

type JsonRecord = Record<string, unknown>

/**
 * The records of a kind that are not stored but computed from the clock (the
 * live stream's contents): those listed at this instant, and any one by ID,
 * also after it left the list.
 */
interface ComputedRecords<Value extends object = object> {
  all(): readonly Value[]
  byId(id: string): Value | undefined
}

const NONE_COMPUTED: ComputedRecords<never> = {
  all: () => [],
  byId: () => undefined,
}
type Serial = <Result>(change: () => Promise<Result>) => Promise<Result>

/**
 * Creates the record controllers (`mock.contents`, `mock.projects`,
 * `mock.apiKeys`, `mock.accounts`) over whatever dataset `dataset()` returns
 * when a call starts, so they follow `load()` and `reset()`. Changes wait
 * for `loaded` (the initial load) first.
 * @note Changes go through the collections' `create`, `update` and
 * `delete`, whose hooks keep the dataset's index (and so the API's answers
 * and list caches) in step. They run one at a time, each validated against
 * the dataset as the previous one left it, so two changes in flight cannot
 * together break a reference.
 */
export function createRecordControllers(
  dataset: () => Dataset,
  loaded: Promise<unknown> = Promise.resolve(),
  computedContents: ComputedRecords<FixtureContent> = NONE_COMPUTED,
): RecordControllers {
  const serial = createSerial(loaded)
  const none = NONE_COMPUTED
  return {
    accounts: bindMethods(
      new KindController('accounts', dataset, serial, none),
    ),
    apiKeys: bindMethods(new KindController('apiKeys', dataset, serial, none)),
    projects: bindMethods(
      new KindController('projects', dataset, serial, none),
    ),
    contents: bindMethods(
      new KindController('contents', dataset, serial, computedContents),
    ),
  }
}

/**
 * The controller of one kind of record.
 * @note `computed` are the records of this kind that are not stored but
 * computed (the live stream's contents). They are read like the stored ones,
 * unless one of those has the same ID; a patch stores the patched copy,
 * which takes the computed record's place.
 */
class KindController<Name extends RecordKindName> implements RecordController<
  RecordTypes[Name]
> {
  readonly #name: Name
  readonly #kind: RecordKind
  readonly #dataset: () => Dataset
  readonly #serial: Serial
  readonly #computed: ComputedRecords
  readonly #pick: (record: object) => RecordTypes[Name]

  constructor(
    name: Name,
    dataset: () => Dataset,
    serial: Serial,
    computed: ComputedRecords,
  ) {
    this.#name = name
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
    return this.#serial(async () => {
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
      // @note The collection copies what it is given (and the records
      // returned are copies), so the caller's object stays the caller's.
      return this.#pick(await collectionOf(data, kind).create(record))
    })
  }

  patch(id: string, patch: unknown): Promise<RecordTypes[Name]> {
    return this.#serial(async () => {
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
    return this.#serial(async () => {
      const data = this.#dataset()
      const record = this.#stored(data, id)
      if (record === undefined) throw this.#notDeletable(data, id)
      const plan: DeletionPlan = { deletions: [], detachments: [] }
      const dependents = planDeletion(data, this.#kind, record, plan)
      if (dependents.length > 0 && options.cascade !== true) {
        throw new RecordInUseError(
          this.#name,
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

  /** The record a patch makes of `current`, checked; throws if invalid. */
  #patched(
    data: Dataset,
    id: string,
    current: JsonRecord,
    patch: unknown,
  ): JsonRecord {
    const doing = `patch ${describeRecord(this.#kind, id, data)}`
    // @note Before the merge, which recurses: the patch sits where the
    // record does in a fixture document (`contents[0]`, level 3).
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
      this.#name,
      id,
      `No ${describeRecord(this.#kind, id, data)} to ${verb}. mock.${this.#name}.list() lists the ${this.#kind.plural} there are.`,
    )
  }

  /** Why a record that is not stored cannot be deleted. */
  #notDeletable(data: Dataset, id: string): Error {
    if (this.#computed.byId(id) === undefined) {
      return this.#notFound(data, id, 'delete')
    }
    return new ComputedRecordError(
      this.#name,
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
 * Makes a draft of `@msw/data`'s `update` hold exactly the fields of `next`,
 * writing only those that differ from `current`, the record drafted, so the
 * index hears of each change once.
 * @note Compared on `current`, not on the draft: reading a draft deeply
 * goes through its proxies, and cost more than the rest of a patch.
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

/** Runs changes one after another, each once the one before has settled. */
function createSerial(first: Promise<unknown>): Serial {
  let last: Promise<unknown> = first.catch(() => undefined)
  return (change) => {
    const run = last.then(change)
    last = run.catch(() => undefined)
    return run
  }
}
