import type { JournalEntry } from '../traffic/create-request-journal.js'
import { occurrenceOf, type Occurrence } from './report-rule.js'

/**
 * One occurrence per entry that `matches`, under the entry's key, for the
 * rules where one request is one time the rule was broken.
 */
export function eachEntry(
  entries: readonly JournalEntry[],
  matches: (entry: JournalEntry) => boolean,
  valueOf: (entry: JournalEntry) => number = () => 0,
): Occurrence[] {
  return entries
    .filter(matches)
    .map((entry) => occurrenceOf([entry], valueOf(entry)))
}
