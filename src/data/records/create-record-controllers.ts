import type { Collection } from '@msw/data'
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
import { findRecordIssues } from './find-record-issues.js'
import { InvalidRecordError } from './invalid-record-error.js'
import type {
  DeleteRecordOptions,
  RecordController,
  RecordFilter,
} from './record-controller.js'
import { recordFilterFields } from './record-filter-fields.js'
import {
  RecordInUseError,
  type RecordDependents,
} from './record-in-use-error.js'
import {
  RECORD_KINDS,
  type RecordKind,
  type RecordKindName,
  type RecordTypes,
} from './record-kinds.js'
import { RecordNotFoundError } from './record-not-found-error.js'

/**
 * The record controllers of one mock, one per kind.
 */
export type RecordControllers = {
  readonly [Name in RecordKindName]: RecordController<RecordTypes[Name]>
}

type JsonRecord = Record<string, unknown>

/**
 * The records of a kind that are not stored but computed from the clock (the
 * live stream's contents): those listed at this instant, and any one by ID,
 * also after it left the list.
 */
export interface ComputedRecords<Value extends object = object> {
  all(): readonly Value[]
  byId(id: string): Value | undefined
}

const NONE_COMPUTED: ComputedRecords<never> = {
  all: () => [],
  byId: () => undefined,
}
type AnyCollection = Collection<any>
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
 * @example
 * const records = createRecordControllers(() => dataset)
 * await records.contents.patch('v1', { title: 'Teaser, final cut' })
 */
export function createRecordControllers(
  dataset: () => Dataset,
  loaded: Promise<unknown> = Promise.resolve(),
  computedContents: ComputedRecords<FixtureContent> = NONE_COMPUTED,
): RecordControllers {
  const serial = createSerial(loaded)
  const none = NONE_COMPUTED
  return {
    accounts: createRecordController('accounts', dataset, serial, none),
    apiKeys: createRecordController('apiKeys', dataset, serial, none),
    projects: createRecordController('projects', dataset, serial, none),
    contents: createRecordController(
      'contents',
      dataset,
      serial,
      computedContents,
    ),
  }
}

/**
 * @param computed The records of this kind that are not stored but computed
 * (the live stream's contents). They are read like the stored ones, unless
 * one of those has the same ID; a patch stores the patched copy, which takes
 * the computed record's place.
 */
function createRecordController<Name extends RecordKindName>(
  name: Name,
  dataset: () => Dataset,
  serial: Serial,
  computed: ComputedRecords,
): RecordController<RecordTypes[Name]> {
  type Stored = RecordTypes[Name]
  const kind = RECORD_KINDS[name]
  const pick = createPicker(kind.schema) as (record: object) => Stored
  const stored = (data: Dataset, id: string) =>
    kind.byId(data.index).get(id) as JsonRecord | undefined
  const computedOf = (id: string) => computed.byId(id) as JsonRecord | undefined
  const find = (data: Dataset, id: string) => stored(data, id) ?? computedOf(id)
  const all = (data: Dataset): JsonRecord[] => {
    const records: JsonRecord[] = collectionOf(data, kind).all()
    const extra = computed.all() as JsonRecord[]
    if (extra.length === 0) return records
    const index = kind.byId(data.index)
    return [
      ...records,
      ...extra.filter((record) => !index.has(record[kind.idField] as string)),
    ]
  }
  const notFound = (data: Dataset, id: string, verb: string) =>
    new RecordNotFoundError(
      name,
      id,
      `No ${describeRecord(kind, id, data)} to ${verb}. mock.${name}.list() lists the ${kind.plural} there are.`,
    )

  return {
    list(filter) {
      const matches = compileFilter(kind, filter)
      return all(dataset()).filter(matches).map(pick)
    },

    get(id) {
      const record = find(dataset(), id)
      return record === undefined ? undefined : pick(record)
    },

    create(record) {
      return serial(async () => {
        const data = dataset()
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
        return pick(await collectionOf(data, kind).create(record))
      })
    },

    patch(id, patch) {
      return serial(async () => {
        const data = dataset()
        const current = find(data, id)
        if (current === undefined) throw notFound(data, id, 'patch')
        // @note Before the merge, which recurses: the patch sits where the
        // record does in a fixture document (`contents[0]`, level 3).
        const tooDeep = findTooDeepPath(patch, { startDepth: 3 })
        if (tooDeep !== undefined) {
          throw new InvalidRecordError(
            [{ path: formatIssuePath(tooDeep), message: TOO_DEEP_MESSAGE }],
            `patch ${describeRecord(kind, id, data)}`,
          )
        }
        const next = applyMergePatch(pick(current), patch)
        const issues = findRecordIssues(kind, data.index, next, {
          creating: false,
          id,
          patch,
        })
        if (issues.length > 0) {
          throw new InvalidRecordError(
            issues,
            `patch ${describeRecord(kind, id, data)}`,
          )
        }
        if (stored(data, id) === undefined) {
          // A computed record: the patched copy is stored in its place.
          return pick(await collectionOf(data, kind).create(next))
        }
        await collectionOf(data, kind).update(current, {
          data: (draft: JsonRecord) =>
            replaceFields(draft, current, next as JsonRecord),
        })
        return pick(find(data, id)!)
      })
    },

    delete(id, options: DeleteRecordOptions = {}) {
      return serial(async () => {
        const data = dataset()
        const record = stored(data, id)
        if (record === undefined) {
          if (computedOf(id) === undefined) throw notFound(data, id, 'delete')
          throw new ComputedRecordError(
            name,
            id,
            `Cannot delete ${describeRecord(kind, id, data)}: it is not stored but computed from the clock by the live stream (live: true), so it would come back. Patch it instead: a patch stores the changed ${kind.noun} in its place.`,
          )
        }
        const plan: DeletionPlan = { deletions: [], detachments: [] }
        const dependents = planDeletion(data, kind, record, plan)
        if (dependents.length > 0 && options.cascade !== true) {
          throw new RecordInUseError(
            name,
            id,
            dependents,
            `Cannot delete ${describeRecord(kind, id, data)}: ${describeDependents(dependents)}. Delete or change the records that refer to it first, or delete with { cascade: true }, which also deletes the records that belong to it and removes it from the others.`,
          )
        }
        for (const { kind: owner, record: doomed } of plan.deletions) {
          collectionOf(data, owner).delete(doomed)
        }
        for (const { kind: holder, record: held, field } of plan.detachments) {
          await collectionOf(data, holder).update(held, {
            data(draft: JsonRecord) {
              draft[field] = (draft[field] as unknown[]).filter(
                (item) => item !== id,
              )
            },
          })
        }
      })
    },
  }
}

/** The records a delete removes (those that belong to others first) and
 * the arrays of IDs (`shared_with`) it takes an ID out of. */
interface DeletionPlan {
  deletions: Array<{ kind: RecordKind; record: JsonRecord }>
  detachments: Array<{ kind: RecordKind; record: JsonRecord; field: string }>
}

/**
 * Plans the deletion of a record with everything that would have to go with
 * it, and returns the records that refer to it directly, for the message of
 * a delete without `cascade`.
 */
function planDeletion(
  data: Dataset,
  kind: RecordKind,
  record: JsonRecord,
  plan: DeletionPlan,
): RecordDependents[] {
  const id = record[kind.idField]
  const dependents: RecordDependents[] = []
  for (const other of Object.values(RECORD_KINDS)) {
    for (const { field, target, many } of other.references) {
      if (target !== kind.name) continue
      const referring = collectionOf(data, other)
        .all()
        .filter((candidate: JsonRecord) => {
          const value = candidate[field]
          return many
            ? Array.isArray(value) && value.includes(id)
            : value === id
        })
      if (referring.length === 0) continue
      dependents.push({
        kind: other.name,
        field,
        names: referring.map((item: JsonRecord) =>
          nameOf(other, item[other.idField] as string, data),
        ),
      })
      for (const item of referring) {
        if (many) plan.detachments.push({ kind: other, record: item, field })
        else planDeletion(data, other, item, plan)
      }
    }
  }
  plan.deletions.push({ kind, record })
  return dependents
}

/** `content "v1"`; an API key by its label (`API key acct_a#1`). */
function describeRecord(kind: RecordKind, id: string, data: Dataset): string {
  if (kind.name !== 'apiKeys') return `${kind.noun} ${JSON.stringify(id)}`
  const label = data.index.keyLabels.get(id)
  return label === undefined ? 'API key with that key' : `API key ${label}`
}

/** A record's ID as messages show it: an API key by its label. */
function nameOf(kind: RecordKind, id: string, data: Dataset): string {
  return kind.name === 'apiKeys' ? (data.index.keyLabels.get(id) ?? '?') : id
}

function collectionOf(data: Dataset, kind: RecordKind): AnyCollection {
  return data[kind.name] as AnyCollection
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
