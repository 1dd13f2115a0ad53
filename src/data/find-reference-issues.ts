import type { LocatedFixtureIssue } from './fixture-error.js'
import { isJsonRecord as isRecord } from './is-json-record.js'

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
  const accounts = yield* collectIds(input, 'accounts', 'id', issues)
  yield* collectIds(input, 'api_keys', 'key', issues)
  const projects = yield* collectIds(
    input,
    'projects',
    'project_unique',
    issues,
  )
  yield* collectIds(input, 'contents', 'variation_unique', issues)

  const checkAccount = (value: unknown, path: PropertyKey[]) => {
    if (isDangling(value, accounts)) {
      issues.push({
        path,
        message: `no such account "${value}"; add it to "accounts" or use one of its IDs`,
      })
    }
  }
  for (const [apiKey, i] of records(input.api_keys)) {
    checkAccount(apiKey.account, ['api_keys', i, 'account'])
    yield
  }
  for (const [project, i] of records(input.projects)) {
    checkAccount(project.account, ['projects', i, 'account'])
    if (Array.isArray(project.shared_with)) {
      project.shared_with.forEach((viewer: unknown, j) => {
        checkAccount(viewer, ['projects', i, 'shared_with', j])
      })
    }
    yield
  }
  for (const [content, i] of records(input.contents)) {
    yield
    if (isDangling(content.project_unique, projects)) {
      issues.push({
        path: ['contents', i, 'project_unique'],
        message: `no such project "${content.project_unique}"; add it to "projects" or use one of its project_unique values`,
      })
    }
  }
  return issues
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
