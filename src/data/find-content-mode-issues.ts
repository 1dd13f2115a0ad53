import { findContentBodyIssues } from '../schema/content-modes.js'
import type { LocatedFixtureIssue } from './fixture-error.js'
import { isJsonRecord } from './is-json-record.js'
import { toFixtureIssues } from './to-fixture-issues.js'

/**
 * Checks the `content` of each content of a raw fixture document against the stored body of its mode (`CONTENT_MODES`),
 * wherever `mode` and `content` can be read, whatever else is wrong in the record.
 * @note The same rule as the refinement of `fixtureContentSchema`, run apart because zod skips that refinement in a
 * record where a number check failed (`"step_process": 1.5`), and a load reports every problem at once.
 */
export function findContentModeIssues(input: unknown): LocatedFixtureIssue[] {
  const contents = isJsonRecord(input) ? input.contents : undefined
  if (!Array.isArray(contents)) return []
  return contents.flatMap((content: unknown, i) => {
    if (!isJsonRecord(content) || typeof content.mode !== 'string') return []
    if (!isJsonRecord(content.content)) return []
    return findContentBodyIssues(content.mode, content.content).flatMap(
      (issue) => toFixtureIssues(issue, ['contents', i, ...issue.path]),
    )
  })
}
