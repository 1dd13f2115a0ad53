import type { z } from 'zod'
import {
  fixtureDocumentSchema,
  type FixtureDocument,
} from '../schema/fixture.js'
import {
  FixtureError,
  formatIssuePath,
  type FixtureIssue,
} from './fixture-error.js'

/**
 * Validates anything parsed from JSON as a fixture document, version 1: its
 * shape first, then what a schema cannot see (duplicate IDs, references to
 * accounts or projects that do not exist).
 * @throws {FixtureError} naming every bad path, e.g.
 * `contents[3].project_unique: no such project "p9"`.
 * @example
 * const document = parseFixtureDocument(JSON.parse(await readFile(path, 'utf8')))
 */
export function parseFixtureDocument(
  input: unknown,
  source?: string,
): FixtureDocument {
  const result = fixtureDocumentSchema.safeParse(input)
  if (!result.success) {
    throw new FixtureError(result.error.issues.flatMap(toFixtureIssues), source)
  }
  const issues = findReferenceIssues(result.data)
  if (issues.length > 0) {
    throw new FixtureError(issues, source)
  }
  return result.data
}

function toFixtureIssues(issue: z.core.$ZodIssue): FixtureIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: formatIssuePath([...issue.path, key]),
      message: 'unknown key; remove it or check its spelling',
    }))
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return [
      {
        path: formatIssuePath(issue.path),
        message: `missing; expected ${issue.expected}`,
      },
    ]
  }
  return [{ path: formatIssuePath(issue.path), message: issue.message }]
}

function findReferenceIssues(document: FixtureDocument): FixtureIssue[] {
  const issues: FixtureIssue[] = []
  const accounts = collectIds(
    document.accounts,
    'accounts',
    'id',
    (a) => a.id,
    issues,
  )
  collectIds(document.api_keys, 'api_keys', 'key', (k) => k.key, issues)
  const projects = collectIds(
    document.projects,
    'projects',
    'project_unique',
    (p) => p.project_unique,
    issues,
  )
  collectIds(
    document.contents,
    'contents',
    'variation_unique',
    (c) => c.variation_unique,
    issues,
  )

  const noSuchAccount = (id: string) =>
    `no such account "${id}"; add it to "accounts" or use one of its IDs`
  document.api_keys.forEach((apiKey, i) => {
    if (!accounts.has(apiKey.account)) {
      issues.push({
        path: `api_keys[${i}].account`,
        message: noSuchAccount(apiKey.account),
      })
    }
  })
  document.projects.forEach((project, i) => {
    if (!accounts.has(project.account)) {
      issues.push({
        path: `projects[${i}].account`,
        message: noSuchAccount(project.account),
      })
    }
    project.shared_with?.forEach((viewer, j) => {
      if (!accounts.has(viewer)) {
        issues.push({
          path: `projects[${i}].shared_with[${j}]`,
          message: noSuchAccount(viewer),
        })
      }
    })
  })
  document.contents.forEach((content, i) => {
    if (!projects.has(content.project_unique)) {
      issues.push({
        path: `contents[${i}].project_unique`,
        message: `no such project "${content.project_unique}"; add it to "projects" or use one of its project_unique values`,
      })
    }
  })
  return issues
}

function collectIds<Item>(
  items: readonly Item[],
  list: string,
  field: string,
  idOf: (item: Item) => string,
  issues: FixtureIssue[],
): Set<string> {
  const firstIndex = new Map<string, number>()
  items.forEach((item, i) => {
    const id = idOf(item)
    const first = firstIndex.get(id)
    if (first === undefined) {
      firstIndex.set(id, i)
    } else {
      issues.push({
        path: `${list}[${i}].${field}`,
        message: `duplicate "${id}", already used by ${list}[${first}]; IDs must be unique`,
      })
    }
  })
  return new Set(firstIndex.keys())
}
