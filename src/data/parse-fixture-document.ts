import * as z from 'zod'
import { FIXTURE_PARSE_OPTIONS } from '../schema/describe-expectation.js'
import {
  fixtureContentSchema,
  fixtureDocumentSchema,
  type FixtureDocument,
} from '../schema/fixture.js'
import { TOO_DEEP_MESSAGE } from '../schema/find-too-deep-path.js'
import { objectKeysAt } from '../schema/object-keys-at.js'
import { findContentBodyIssues } from '../schema/content-modes.js'
import { findTimelineIssues } from '../schema/timeline.js'
import { findReferenceIssues } from './find-reference-issues.js'
import { findTooDeepPathInSteps } from './find-too-deep-path-in-steps.js'
import {
  FixtureError,
  formatIssuePath,
  type LocatedFixtureIssue,
} from './fixture-error.js'
import { checked, handedOver } from './hand-over-document.js'
import { isJsonRecord } from './is-json-record.js'
import { runAtOnce, runInSlices } from './run-in-slices.js'
import { toFixtureIssues } from './to-fixture-issues.js'

/** Without the mode rule, which zod would skip once a number check failed: checked on the raw input instead. */
const documentShapeSchema = fixtureDocumentSchema.extend({
  contents: z.array(z.strictObject(fixtureContentSchema.shape)),
})

/**
 * Validates anything parsed from JSON as a fixture document, version 1: its shape, each `content` by its mode, and
 * what a schema cannot see (duplicate IDs, references to records that do not exist), all in one pass.
 * @throws {FixtureError} naming every problem at once, in document order.
 * @example
 * const document = parseFixtureDocument(JSON.parse(await readFile(path, 'utf8')))
 */
export function parseFixtureDocument(
  input: unknown,
  source?: string,
): FixtureDocument {
  return toDocument(runAtOnce(inspectInSteps(input)), source)
}

function toDocument(
  { data, issues }: Inspection,
  source: string | undefined,
): FixtureDocument {
  if (data === undefined) {
    throw new FixtureError(
      issues.map((issue) => ({
        path: formatIssuePath(issue.path),
        message: issue.message,
      })),
      source,
    )
  }
  return data
}

/** Hands the event loop back every few milliseconds, so a large document does not hold up a server's answers. */
export async function parseFixtureDocumentInSlices(
  input: unknown,
  source?: string,
): Promise<FixtureDocument> {
  return toDocument(await runInSlices(inspectInSteps(input)), source)
}

/** Without throwing: for checks that word paths their own way, such as those of one record. */
export function findFixtureDocumentIssues(
  input: unknown,
): LocatedFixtureIssue[] {
  return runAtOnce(inspectInSteps(input)).issues
}

const LISTS = ['accounts', 'api_keys', 'projects', 'contents'] as const

/** The document's own level; the records are validated one by one. */
const documentHeadSchema = documentShapeSchema.extend(
  Object.fromEntries(LISTS.map((list) => [list, z.array(z.unknown())])),
)

interface Inspection {
  data: FixtureDocument | undefined
  issues: LocatedFixtureIssue[]
}

/**
 * Yields after each record, checked on its own with its issues put under `[list, index]`: the same issues as a
 * check of the whole document. Only the references across lists are checked in one step at the end.
 */
function* inspectInSteps(input: unknown): Generator<void, Inspection> {
  if (checked.take(input)) {
    return { data: input as FixtureDocument, issues: [] }
  }
  // First: every later step may recurse into the value.
  const tooDeep = yield* findTooDeepPathInSteps(input)
  if (tooDeep !== undefined) {
    return {
      data: undefined,
      issues: [{ path: tooDeep, message: TOO_DEEP_MESSAGE }],
    }
  }
  // zod's result is a copy; a document handed over is kept instead (see `handedOver`).
  const keepInput = handedOver.take(input)
  const head = documentHeadSchema.safeParse(input, FIXTURE_PARSE_OPTIONS)
  const issues = toIssues(head.error?.issues ?? [], [])
  const lists: Partial<Record<(typeof LISTS)[number], unknown[]>> = {}
  for (const list of LISTS) {
    const records = isJsonRecord(input) ? input[list] : undefined
    if (!Array.isArray(records)) continue
    const schema = documentShapeSchema.shape[list].element
    const parsed: unknown[] = []
    for (const [i, record] of records.entries()) {
      const result = schema.safeParse(record, FIXTURE_PARSE_OPTIONS)
      if (result.success) parsed.push(keepInput ? record : result.data)
      else issues.push(...toIssues(result.error.issues, [list, i]))
      if (list === 'contents') issues.push(...findContentRuleIssues(record, i))
      yield
    }
    lists[list] = parsed
  }
  issues.push(...(yield* findReferenceIssues(input)))
  const data =
    head.success && issues.length === 0
      ? ({ ...head.data, ...lists } as FixtureDocument)
      : undefined
  if (keepInput && data !== undefined) checked.mark(data)
  return { data, issues: sortInDocumentOrder(issues) }
}

/**
 * The mode rule (its `content` against the stored body of its `mode`) and the timeline rules of a raw content,
 * wherever its fields can be read.
 * @note Run apart from the schema: zod skips a record's refinements once a number check in it failed
 * (`"step_process": 1.5`), and a load reports every problem at once.
 */
function findContentRuleIssues(
  content: unknown,
  i: number,
): LocatedFixtureIssue[] {
  if (!isJsonRecord(content)) return []
  const { mode, content: body } = content
  const bodyIssues =
    typeof mode === 'string' && isJsonRecord(body)
      ? findContentBodyIssues(mode, body)
      : []
  return [
    ...bodyIssues.flatMap((issue) =>
      toFixtureIssues(issue, ['contents', i, ...issue.path]),
    ),
    ...findTimelineIssues(content).map(({ path, message }) => ({
      path: ['contents', i, ...path],
      message,
    })),
  ]
}

function toIssues(
  zodIssues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
): LocatedFixtureIssue[] {
  return zodIssues.flatMap((issue) =>
    toFixtureIssues(
      prefix.length === 0
        ? issue
        : { ...issue, path: [...prefix, ...issue.path] },
    ),
  )
}

/**
 * The way a person reads the document: keys in schema order, unknown keys after them by name, items by index, a
 * path before the paths inside it; problems at one path keep their order (shape before references).
 */
export function sortInDocumentOrder(
  issues: readonly LocatedFixtureIssue[],
): LocatedFixtureIssue[] {
  const ranked = issues.map((issue) => ({ issue, rank: rankPath(issue.path) }))
  ranked.sort((a, b) => compareRanks(a.rank, b.rank))
  return ranked.map(({ issue }) => issue)
}

type SegmentRank = readonly [position: number, name: string]

function rankPath(path: readonly PropertyKey[]): SegmentRank[] {
  return path.map((segment, i): SegmentRank => {
    if (typeof segment === 'number') return [segment, '']
    const name = String(segment)
    const known = objectKeysAt(fixtureDocumentSchema, path.slice(0, i))
    const position = known?.indexOf(name) ?? -1
    return position === -1 ? [Infinity, name] : [position, '']
  })
}

function compareRanks(
  a: readonly SegmentRank[],
  b: readonly SegmentRank[],
): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [positionA, nameA] = a[i]!
    const [positionB, nameB] = b[i]!
    if (positionA !== positionB) return positionA < positionB ? -1 : 1
    if (nameA !== nameB) return nameA < nameB ? -1 : 1
  }
  return a.length - b.length
}
