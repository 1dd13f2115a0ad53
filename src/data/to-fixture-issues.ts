import { findCloseMatch } from '../schema/find-close-match.js'
import type * as z from 'zod'
import { findContentMode } from '../schema/content-modes.js'
import { fixtureDocumentSchema } from '../schema/fixture.js'
import { objectKeysAt } from '../schema/object-keys-at.js'
import type { LocatedFixtureIssue } from './fixture-error.js'

/** Their message says what was expected; the value found (or "missing") is added. */
const EXPECTATION_CODES = new Set<string>([
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'not_multiple_of',
  'invalid_value',
  'invalid_union',
])

const MAX_QUOTED_LENGTH = 40

/**
 * `expected a boolean, found the string "no"`, `missing; expected a string`, one issue per unknown key. The parse
 * must use `FIXTURE_PARSE_OPTIONS`, as `parseFixtureDocument` does.
 */
export function toFixtureIssues(
  issue: z.core.$ZodIssue,
  path: readonly PropertyKey[] = issue.path,
  schema: z.core.$ZodType = fixtureDocumentSchema,
): LocatedFixtureIssue[] {
  if (issue.code === 'unrecognized_keys') {
    const known = objectKeysAt(schema, issue.path) ?? []
    const present = new Set(Object.keys(issue.input ?? {}))
    const free = known.filter((key) => !present.has(key))
    return issue.keys.map((key) => ({
      path: [...path, key],
      message: describeUnknownKey(key, free),
    }))
  }
  const body = readContentBodyIssue(issue)
  if (body !== undefined) {
    return toFixtureIssues(body.issue, path, body.schema).map((inner) => ({
      path: inner.path,
      message: `${inner.message} (${body.hint})`,
    }))
  }
  const message = !EXPECTATION_CODES.has(issue.code)
    ? issue.message
    : issue.input === undefined
      ? `missing; ${issue.message}`
      : `${issue.message}, found ${describeValue(issue.input)}`
  return [{ path, message }]
}

/** With the stored body schema its path is relative to. */
function readContentBodyIssue(issue: z.core.$ZodIssue) {
  if (issue.code !== 'custom') return undefined
  const params = issue.params as
    { issue?: z.core.$ZodIssue; hint?: string; mode?: string } | undefined
  const shapes =
    params?.mode === undefined ? undefined : findContentMode(params.mode)
  if (params?.issue === undefined || shapes === undefined) return undefined
  return {
    issue: params.issue,
    hint: params.hint ?? '',
    schema: shapes.stored,
  }
}

export function describeUnknownKey(
  key: string,
  candidates: readonly string[],
): string {
  const suggestion = findCloseMatch(key, candidates)
  return suggestion === undefined
    ? 'unknown key; remove it or check its spelling'
    : `unknown key; remove it or check its spelling (did you mean "${suggestion}"?)`
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array'
    return `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`
  }
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(
        value.length > MAX_QUOTED_LENGTH
          ? `${value.slice(0, MAX_QUOTED_LENGTH)}…`
          : value,
      )}`
    case 'number':
    case 'bigint':
      return `the number ${value}`
    case 'boolean':
      return `the boolean ${value}`
    case 'object':
      return 'an object'
    default:
      return `a ${typeof value}`
  }
}
