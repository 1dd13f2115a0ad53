import * as z from 'zod'
import { describeExpectation } from '../schema/describe-expectation.js'
import {
  fixtureContentSchema,
  fixtureDocumentSchema,
  type FixtureDocument,
} from '../schema/fixture.js'
import { TOO_DEEP_MESSAGE } from '../schema/find-too-deep-path.js'
import { objectKeysAt } from '../schema/object-keys-at.js'
import { findContentModeIssues } from './find-content-mode-issues.js'
import { findReferenceIssues } from './find-reference-issues.js'
import { findTooDeepPathInSteps } from './find-too-deep-path-in-steps.js'
import { findTimelineIssues } from './find-timeline-issues.js'
import {
  FixtureError,
  formatIssuePath,
  type LocatedFixtureIssue,
} from './fixture-error.js'
import {
  markChecked,
  takeChecked,
  takeHandedOver,
} from './hand-over-document.js'
import { isJsonRecord } from './is-json-record.js'
import { runAtOnce, runInSlices } from './run-in-slices.js'
import { toFixtureIssues } from './to-fixture-issues.js'

/**
 * The fixture document without the mode rule of `content`, which
 * `findContentModeIssues` checks on the raw input instead.
 * @note zod skips a record's refinements once a number check in it failed,
 * so the rule inside the schema would go unreported in such a record.
 */
const documentShapeSchema = fixtureDocumentSchema.extend({
  contents: z.array(z.strictObject(fixtureContentSchema.shape)),
})

/**
 * Validates anything parsed from JSON as a fixture document, version 1: its
 * shape, the shape of each `content` by its mode, and what a schema cannot
 * see (duplicate IDs, references to accounts or projects that do not exist),
 * all in one load: each check reads whatever parts of the document are
 * well-formed enough to read. A document nested more than
 * `MAX_NESTING_DEPTH` levels deep is refused at once, naming the first path
 * too deep, before anything else reads it.
 * @throws {FixtureError} naming every problem at once, in document order
 * (see `sortInDocumentOrder`), e.g.
 * `accounts[0].nmae: unknown key; …` then
 * `contents[3].project_unique: no such project "p9"; …`.
 * @example
 * const document = parseFixtureDocument(JSON.parse(await readFile(path, 'utf8')))
 */
export function parseFixtureDocument(
  input: unknown,
  source?: string,
): FixtureDocument {
  return toDocument(inspectFixtureDocument(input), source)
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

/**
 * `parseFixtureDocument` in slices: the same checks, the same result and the
 * same `FixtureError`, but the event loop is handed back every few
 * milliseconds (`runInSlices`), so a large document does not hold up the
 * answers of a server or a page while it is checked.
 */
export async function parseFixtureDocumentInSlices(
  input: unknown,
  source?: string,
): Promise<FixtureDocument> {
  return toDocument(await runInSlices(inspectInSteps(input)), source)
}

/**
 * The problems `parseFixtureDocument` would name, located and in document
 * order, without throwing: for checks that word paths their own way, such as
 * those of one record (`mock.contents.patch()`), which validate a document
 * holding only that record.
 */
export function findFixtureDocumentIssues(
  input: unknown,
): LocatedFixtureIssue[] {
  return inspectFixtureDocument(input).issues
}

/** The lists of a fixture document, validated a record at a time. */
const LISTS = ['accounts', 'api_keys', 'projects', 'contents'] as const

/**
 * The document's own level: its keys and that each list is an array; the
 * records are validated one by one with the element schemas below.
 */
const documentHeadSchema = documentShapeSchema.extend({
  accounts: z.array(z.unknown()),
  api_keys: z.array(z.unknown()),
  projects: z.array(z.unknown()),
  contents: z.array(z.unknown()),
})

const PARSE_OPTIONS = {
  // @note Without `reportInput`, zod 4 leaves `issue.input` undefined, and
  // a value of the wrong type could not be told from a missing one.
  reportInput: true,
  error: describeExpectation,
} as const

interface Inspection {
  data: FixtureDocument | undefined
  issues: LocatedFixtureIssue[]
}

function inspectFixtureDocument(input: unknown): Inspection {
  return runAtOnce(inspectInSteps(input))
}

/**
 * The checks of `inspectFixtureDocument` as steps: it yields after each
 * record, so that `parseFixtureDocumentInSlices` can hand the event loop back
 * between slices, and returns what one pass over the whole document finds.
 * @note Each record is checked on its own (depth, shape, mode, timeline),
 * with its issues' paths put under `[list, index]`: the same issues, in the
 * same words, as a check of the whole document, without holding the loop
 * for the whole document. Only the references (IDs across lists) are checked
 * in one step at the end.
 */
function* inspectInSteps(input: unknown): Generator<void, Inspection> {
  if (takeChecked(input)) {
    return { data: input as FixtureDocument, issues: [] }
  }
  // @note First: every later step may recurse into the value.
  const tooDeep = yield* findTooDeepPathInSteps(input)
  if (tooDeep !== undefined) {
    return {
      data: undefined,
      issues: [{ path: tooDeep, message: TOO_DEEP_MESSAGE }],
    }
  }
  // @note zod's result is a copy; a document handed over is kept instead,
  // each record once it passed the same check (see `handOverDocument`).
  const keepInput = takeHandedOver(input)
  const head = documentHeadSchema.safeParse(input, PARSE_OPTIONS)
  const issues = toIssues(head.error?.issues ?? [], [])
  const lists: Partial<Record<(typeof LISTS)[number], unknown[]>> = {}
  for (const list of LISTS) {
    const records = isJsonRecord(input) ? input[list] : undefined
    if (!Array.isArray(records)) continue
    const schema = documentShapeSchema.shape[list].element
    const parsed: unknown[] = []
    for (const [i, record] of records.entries()) {
      const result = schema.safeParse(record, PARSE_OPTIONS)
      if (result.success) parsed.push(keepInput ? record : result.data)
      else issues.push(...toIssues(result.error.issues, [list, i]))
      if (list === 'contents') {
        const one = { contents: [record] }
        for (const issue of [
          ...findContentModeIssues(one),
          ...findTimelineIssues(one),
        ]) {
          issues.push({
            ...issue,
            path: ['contents', i, ...issue.path.slice(2)],
          })
        }
      }
      yield
    }
    lists[list] = parsed
  }
  issues.push(...(yield* findReferenceIssues(input)))
  const data =
    head.success && issues.length === 0
      ? ({ ...head.data, ...lists } as FixtureDocument)
      : undefined
  if (keepInput && data !== undefined) markChecked(data)
  return { data, issues: sortInDocumentOrder(issues) }
}

/** zod issues of the part of the document at `prefix`, located and worded. */
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
 * Sorts problems the way a person reads the document, path segment by
 * segment: the document itself first; then the keys of an object in the
 * order of the format (`$schema`, `version`, `accounts`, `api_keys`,
 * `projects`, `contents`; within a record, its fields in schema order), and
 * unknown keys after the known ones, by name; array items by index; a path
 * before the paths inside it. Problems at the same path keep their order:
 * shape before references.
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
