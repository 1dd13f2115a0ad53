import { plural, requestLine } from '../finding-words.js'
import { eachEntry } from '../each-entry.js'
import type { ReportRule } from '../report-rule.js'

/**
 * `unknown-route`: a 404 for a path under the API prefix that no endpoint
 * has, or a 405 for a method other than GET and HEAD (on an asset URL too).
 * One time: one such request.
 */
export const unknownRoute: ReportRule = {
  id: 'unknown-route',
  severity: 'error',
  source: 'spec 4 (the four endpoints, all GET)',
  find(entries) {
    return eachEntry(
      entries,
      (entry) =>
        entry.cause === 'unknown-path' || entry.cause === 'method-not-allowed',
    )
  },
  describe(occurrences, who) {
    const example = occurrences[0]!.entries[0]!
    return `${who} sent ${plural(occurrences.length, 'request')} the API has no route for (e.g. ${requestLine(example)}: ${example.status}): call only GET (or HEAD) on the four endpoints of spec 4, /projects, /projects/{project_unique} and their /contents.`
  },
}
