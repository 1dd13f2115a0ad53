import { FIXTURE_PARSE_OPTIONS } from '../../schema/describe-expectation.js'
import type { DatasetIndex } from '../dataset-index.js'
import {
  formatIssuePath,
  type FixtureIssue,
  type LocatedFixtureIssue,
} from '../fixture-error.js'
import { isJsonRecord } from '../is-json-record.js'
import {
  findFixtureDocumentIssues,
  sortInDocumentOrder,
} from '../parse-fixture-document.js'
import { objectKeysAt } from '../../schema/object-keys-at.js'
import { describeUnknownKey, toFixtureIssues } from '../to-fixture-issues.js'
import { RECORD_KINDS, type RecordKind } from './record-kinds.js'
import { valueAt } from '../value-at.js'
import { readStoryOffset } from '../../schema/story-time.js'

/**
 * Validates a record as a document holding only it (every rule of the fixture format, in the same words), then
 * what such a document cannot show: references into the dataset, a free ID, an ID a patch keeps.
 * @returns every problem, in record order, with paths relative to the record (`(record)` for itself).
 */
export function findRecordIssues(
  kind: RecordKind,
  index: DatasetIndex,
  candidate: unknown,
  options: { creating: true } | { creating: false; id: string; patch: unknown },
): FixtureIssue[] {
  const issues: LocatedFixtureIssue[] = []
  let record = candidate
  if (!options.creating && isJsonRecord(candidate)) {
    const next = candidate[kind.idField]
    if (next !== options.id) {
      issues.push({
        path: [kind.idField],
        message: `cannot be changed by a patch (${next === undefined ? 'the patch removes it' : `found ${JSON.stringify(next)}`}); to change the ID, create the ${kind.noun} under the new ID and delete this one`,
      })
      // The rest is checked as if the ID had been left alone.
      record = { ...candidate, [kind.idField]: options.id }
    }
  }

  const inList = (path: readonly PropertyKey[]) => [kind.list, 0, ...path]
  const shapeIssues = findFixtureDocumentIssues({ [kind.list]: [record] })
    .filter(({ path }) => path[0] === kind.list && path[1] === 0)
    .map((issue) => ({ ...issue, path: issue.path.slice(2) }))
  issues.push(
    ...(options.creating
      ? shapeIssues
      : suggestKeysOfPatch(kind, shapeIssues, options.patch)),
  )
  if (isJsonRecord(record)) {
    issues.push(...findStoryOffsets(record))
    issues.push(...findDanglingReferences(kind, index, record))
    const id = record[kind.idField]
    if (
      options.creating &&
      typeof id === 'string' &&
      kind.byId(index).has(id)
    ) {
      issues.push({
        path: [kind.idField],
        message: `already used by another ${kind.noun}; IDs are unique, so choose another ${kind.idField} or patch the ${kind.noun} that has it`,
      })
    }
  }
  if (issues.length === 0) issues.push(...findSchemaIssues(kind, record))

  return sortInDocumentOrder(
    issues.map((issue) => ({ ...issue, path: inList(issue.path) })),
  ).map(({ path, message }) => ({
    path: path.length === 2 ? '(record)' : formatIssuePath(path.slice(2)),
    message,
  }))
}

/**
 * A misspelt key of a patch is most likely a slip of a field the record already has, so the fields the patch does
 * not set are the candidates of "did you mean".
 */
function suggestKeysOfPatch(
  kind: RecordKind,
  issues: readonly LocatedFixtureIssue[],
  patch: unknown,
): LocatedFixtureIssue[] {
  return issues.map((issue) => {
    const parent = issue.path.slice(0, -1)
    const key = issue.path.at(-1)
    const known = objectKeysAt(kind.schema, parent)
    if (typeof key !== 'string' || known === undefined || known.includes(key)) {
      return issue
    }
    const patched = valueAt(patch, parent)
    const free = known.filter(
      (field) => !(isJsonRecord(patched) && Object.hasOwn(patched, field)),
    )
    return { ...issue, message: describeUnknownKey(key, free) }
  })
}

function findDanglingReferences(
  kind: RecordKind,
  index: DatasetIndex,
  record: Record<string, unknown>,
): LocatedFixtureIssue[] {
  const issues: LocatedFixtureIssue[] = []
  for (const { field, target, many } of kind.references) {
    const targetKind = RECORD_KINDS[target]
    const known = targetKind.byId(index)
    const check = (value: unknown, path: PropertyKey[]) => {
      if (typeof value !== 'string' || value === '' || known.has(value)) return
      issues.push({
        path,
        message: `no such ${targetKind.noun} ${JSON.stringify(value)}; create it first, or use the ${targetKind.idField} of one that exists`,
      })
    }
    const value = record[field]
    if (!many) check(value, [field])
    else if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => check(item, [field, i]))
    }
  }
  return issues
}

/**
 * The collection's schema: a last guard should a rule reach no pass of the document check, since a collection
 * that refuses an update has already told the index about it.
 */
function findSchemaIssues(
  kind: RecordKind,
  record: unknown,
): LocatedFixtureIssue[] {
  const result = kind.schema.safeParse(record, FIXTURE_PARSE_OPTIONS)
  return (
    result.error?.issues.flatMap((issue) =>
      toFixtureIssues(issue, issue.path, kind.schema),
    ) ?? []
  )
}

/** A record alone has no story start (fixed when a document is loaded) for its offsets (`"+2m"`) to count from. */
function findStoryOffsets(
  record: Record<string, unknown>,
): LocatedFixtureIssue[] {
  const timeline = isJsonRecord(record.timeline) ? record.timeline : {}
  const items = (value: unknown) => (Array.isArray(value) ? value : [])
  const paths: PropertyKey[][] = [
    ['created_at'],
    ...items(timeline.step_ends).map((_, i) => ['timeline', 'step_ends', i]),
    ...items(timeline.publish).flatMap((_, i) => [
      ['timeline', 'publish', i, 'requested_at'],
      ['timeline', 'publish', i, 'settled_at'],
    ]),
  ]
  return paths
    .filter((path) => readStoryOffset(valueAt(record, path)) !== undefined)
    .map((path) => ({
      path,
      message: `found the story offset ${JSON.stringify(valueAt(record, path))}, which only a fixture document loaded as a whole can hold (counted from its load); write the ISO 8601 timestamp it stands for, such as "2024-03-01T09:30:00Z"`,
    }))
}
