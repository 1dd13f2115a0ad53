import type * as z from 'zod'
import { findContentMode } from '../schema/content-modes.js'
import { fixtureDocumentSchema } from '../schema/fixture.js'
import { objectKeysAt } from '../schema/object-keys-at.js'
import type { LocatedFixtureIssue } from './fixture-error.js'

/**
 * The codes whose message says what was expected, to which the value found
 * is added (or "missing" when there was none).
 */
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
 * Words one zod issue of a fixture document parse for a person: what was
 * expected and what was found (`expected a boolean, found the string "no"`),
 * `missing; expected a string` for an absent field, one issue per unknown key.
 * The parse must report inputs (`reportInput: true`) and word expectations
 * with `describeExpectation`, as `parseFixtureDocument` does.
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
  if (!EXPECTATION_CODES.has(issue.code)) {
    return [{ path, message: issue.message }]
  }
  return [
    {
      path,
      message:
        issue.input === undefined
          ? `missing; ${issue.message}`
          : `${issue.message}, found ${describeValue(issue.input)}`,
    },
  ]
}

/**
 * The issue of a content body that `checkStoredContentBody` wrapped, with the
 * stored body schema its path is relative to.
 */
function readContentBodyIssue(issue: z.core.$ZodIssue):
  | {
      issue: z.core.$ZodIssue
      hint: string
      schema: z.core.$ZodType
    }
  | undefined {
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

/**
 * The message of an unknown key, with the candidate it is most likely a slip
 * of: `unknown key; remove it or check its spelling (did you mean "title"?)`.
 */
export function describeUnknownKey(
  key: string,
  candidates: readonly string[],
): string {
  const suggestion = suggestKey(key, candidates)
  return suggestion === undefined
    ? 'unknown key; remove it or check its spelling'
    : `unknown key; remove it or check its spelling (did you mean "${suggestion}"?)`
}

/**
 * The candidate closest to a misspelt key, if one is close enough: at most
 * one edit per four characters (a swap of two neighbours is one edit), or
 * the same key in another case.
 */
function suggestKey(
  key: string,
  candidates: readonly string[],
): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === key.toLowerCase()
        ? 0
        : editDistance(key, candidate)
    const allowed = Math.max(1, Math.floor(candidate.length / 4))
    if (distance <= allowed && distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** Optimal string alignment distance: Levenshtein plus adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) =>
      i === 0 ? j : j === 0 ? i : 0,
    ),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(
        rows[i - 1]![j]! + 1,
        rows[i]![j - 1]! + 1,
        rows[i - 1]![j - 1]! + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1)
      }
      rows[i]![j] = distance
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * A value as found in a document: `the string "no"`, `the number 1.5`,
 * `the boolean true`, `null`, `an array of 2 items`, `an object`.
 */
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
