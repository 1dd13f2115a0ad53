import * as z from 'zod'
import { describeExpectation } from '../schema/describe-expectation.js'
import {
  fixtureContentSchema,
  fixtureDocumentSchema,
  type FixtureDocument,
} from '../schema/fixture.js'
import {
  findTooDeepPath,
  TOO_DEEP_MESSAGE,
} from '../schema/find-too-deep-path.js'
import { objectKeysAt } from '../schema/object-keys-at.js'
import { findContentModeIssues } from './find-content-mode-issues.js'
import { findReferenceIssues } from './find-reference-issues.js'
import { findTimelineIssues } from './find-timeline-issues.js'
import {
  FixtureError,
  formatIssuePath,
  type LocatedFixtureIssue,
} from './fixture-error.js'
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
  const { data, issues } = inspectFixtureDocument(input)
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
 * The problems `parseFixtureDocument` would name, located and in document
 * order, without throwing: for checks that word paths their own way, such as
 * those of one record (`mock.contents.patch()`), which validate a document
 * holding only that record.
 * @example
 * findFixtureDocumentIssues({ contents: [record] }).filter((issue) => issue.path[0] === 'contents')
 */
export function findFixtureDocumentIssues(
  input: unknown,
): LocatedFixtureIssue[] {
  return inspectFixtureDocument(input).issues
}

function inspectFixtureDocument(input: unknown): {
  data: FixtureDocument | undefined
  issues: LocatedFixtureIssue[]
} {
  // @note First and alone: every later step may recurse into the value.
  const tooDeep = findTooDeepPath(input)
  if (tooDeep !== undefined) {
    return {
      data: undefined,
      issues: [{ path: tooDeep, message: TOO_DEEP_MESSAGE }],
    }
  }
  const result = documentShapeSchema.safeParse(input, {
    // @note Without `reportInput`, zod 4 leaves `issue.input` undefined, and
    // a value of the wrong type could not be told from a missing one.
    reportInput: true,
    error: describeExpectation,
  })
  const issues = [
    ...(result.error?.issues.flatMap((issue) => toFixtureIssues(issue)) ?? []),
    ...findContentModeIssues(input),
    ...findTimelineIssues(input),
    ...findReferenceIssues(input),
  ]
  return {
    data: result.success && issues.length === 0 ? result.data : undefined,
    issues: sortInDocumentOrder(issues),
  }
}

/**
 * Sorts problems the way a person reads the document, path segment by
 * segment: the document itself first; then the keys of an object in the
 * order of the format (`$schema`, `version`, `accounts`, `api_keys`,
 * `projects`, `contents`; within a record, its fields in schema order), and
 * unknown keys after the known ones, by name; array items by index; a path
 * before the paths inside it. Problems at the same path keep their order:
 * shape before references.
 * @example
 * sortInDocumentOrder([...shapeIssues, ...referenceIssues])
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
