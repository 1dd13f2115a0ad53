import type { LocatedFixtureIssue } from './fixture-error.js'
import { isJsonRecord as isRecord } from './is-json-record.js'
import { RECORD_KINDS, type RecordKindName } from './records/record-kinds.js'

type JsonRecord = Record<string, unknown>

/**
 * Duplicate IDs and references to records that do not exist, read from the raw input beside the shape check.
 * @note A list is a reference target only when every record has a readable ID: a reference may mean the one whose
 * ID is missing, which the shape check already names.
 */
export function* findReferenceIssues(
  input: unknown,
): Generator<void, LocatedFixtureIssue[]> {
  if (!isRecord(input)) return []
  const issues: LocatedFixtureIssue[] = []
  const ids = new Map<RecordKindName, ReadonlyMap<string, number>>()
  for (const { name, list, idField } of KINDS) {
    const found = yield* collectIds(input, list, idField, issues)
    if (found !== undefined) ids.set(name, found)
  }
  for (const { list, references } of KINDS) {
    if (references.length === 0) continue
    for (const [record, i] of records(input[list])) {
      for (const { field, target, many } of references) {
        const value = record[field]
        const items = many ? (Array.isArray(value) ? value : []) : [value]
        items.forEach((id: unknown, j) => {
          if (!isDangling(id, ids.get(target))) return
          const path = many ? [list, i, field, j] : [list, i, field]
          issues.push({ path, message: describeDangling(target, id) })
        })
      }
      yield
    }
  }
  return issues
}

const KINDS = Object.values(RECORD_KINDS)

function describeDangling(target: RecordKindName, id: string): string {
  const { noun, list, idField } = RECORD_KINDS[target]
  const ids = idField === 'id' ? 'IDs' : `${idField} values`
  return `no such ${noun} "${id}"; add it to "${list}" or use one of its ${ids}`
}

/** @note The map itself, not a `Set` of its keys: copying them would be one long step of a large load's check. */
function* collectIds(
  document: JsonRecord,
  list: string,
  field: string,
  issues: LocatedFixtureIssue[],
): Generator<void, ReadonlyMap<string, number> | undefined> {
  const items = document[list]
  if (!Array.isArray(items)) return undefined
  const firstIndex = new Map<string, number>()
  let isComplete = true
  for (const [i, item] of (items as unknown[]).entries()) {
    yield
    const id = isRecord(item) ? item[field] : undefined
    if (!isId(id)) {
      isComplete = false
      continue
    }
    const first = firstIndex.get(id)
    if (first === undefined) {
      firstIndex.set(id, i)
    } else {
      issues.push({
        path: [list, i, field],
        message: `duplicate "${id}", already used by ${list}[${first}]; IDs must be unique`,
      })
    }
  }
  return isComplete ? firstIndex : undefined
}

function isDangling(
  value: unknown,
  ids: ReadonlyMap<string, number> | undefined,
): value is string {
  return ids !== undefined && isId(value) && !ids.has(value)
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function* records(items: unknown): Generator<[JsonRecord, number]> {
  if (!Array.isArray(items)) return
  for (const [i, item] of (items as unknown[]).entries()) {
    if (isRecord(item)) yield [item, i]
  }
}
