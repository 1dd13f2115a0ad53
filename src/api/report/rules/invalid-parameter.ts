import { plural, requestLine } from '../finding-words.js'
import { eachEntry } from '../each-entry.js'
import type { ReportRule } from '../report-rule.js'

/**
 * `invalid-parameter`: a 422 for a malformed ID in the path (under the
 * `lenient-ids` variant, the 404 that stands for it). One time: one such
 * request.
 */
export const invalidParameter: ReportRule = {
  id: 'invalid-parameter',
  severity: 'error',
  source: 'spec 7 (422: parameters invalid)',
  find(entries) {
    return eachEntry(entries, (entry) => entry.cause === 'invalid-id')
  },
  describe(occurrences, who) {
    const example = occurrences[0]!.entries[0]!
    return `${who} sent ${plural(occurrences.length, 'request')} with a malformed ID in the path (e.g. ${requestLine(example)}): use project_unique and variation_unique exactly as the API returned them, percent-encoded, with no trailing slash.`
  },
}
