import { findTimelineIssues as findContentTimelineIssues } from '../schema/timeline.js'
import type { LocatedFixtureIssue } from './fixture-error.js'
import { isJsonRecord } from './is-json-record.js'

/**
 * Checks the timeline rules of each content of a raw fixture document (`findTimelineIssues` of src/schema/timeline.ts):
 * progress and publish from the record or its timeline, times in order, wherever they can be read.
 * @note Run apart from the schema, as the mode rule is: zod skips a record's refinements once a number check in it
 * failed, and a load reports every problem at once.
 */
export function findTimelineIssues(input: unknown): LocatedFixtureIssue[] {
  const contents = isJsonRecord(input) ? input.contents : undefined
  if (!Array.isArray(contents)) return []
  return contents.flatMap((content: unknown, i) =>
    isJsonRecord(content)
      ? findContentTimelineIssues(content).map((issue) => ({
          path: ['contents', i, ...issue.path],
          message: issue.message,
        }))
      : [],
  )
}
