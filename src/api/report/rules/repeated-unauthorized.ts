import type { ClientReportThresholds } from '../../../schema/client-report-options.js'
import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { groupEntries } from '../group-entries.js'
import { isSentAfter } from '../time-between.js'
import { plural } from '../finding-words.js'
import { occurrenceOf, type ReportRule } from '../report-rule.js'

type Settings = ClientReportThresholds['repeated-unauthorized']

/**
 * `repeated-unauthorized`: a key that got a 401 is sent again `resends` (3)
 * times or more, each refused too: an unknown, expired or revoked key, or a
 * key a scenario answers 401. A key the dataset does not know is told by its
 * fingerprint. Requests in flight when the first 401 was answered do not
 * count. One time: one run of 401s for a key, up to an answer that is not
 * 401.
 */
export const repeatedUnauthorized: ReportRule<Settings> = {
  id: 'repeated-unauthorized',
  severity: 'warning',
  source:
    'spec 5, rule 3 (401: API key invalid or expired); conduct: a refused key is not sent again',
  find(entries, settings) {
    const groups = groupEntries(
      entries,
      (entry) =>
        entry.keyLabel ??
        (entry.keyFingerprint === undefined
          ? undefined
          : `unknown ${entry.keyFingerprint}`),
    )
    return [...groups.values()]
      .flatMap(findRefusedRuns)
      .filter((run) => run.length - 1 >= settings.resends)
      .map((run) => occurrenceOf(run, run.length - 1))
  },
  describe(occurrences, who) {
    const resent = occurrences.reduce((sum, { value }) => sum + value, 0)
    const fingerprints = new Set(
      occurrences.map(({ entries }) => entries[0]!.keyFingerprint),
    )
    fingerprints.delete(undefined)
    const sender =
      fingerprints.size === 0
        ? who
        : `A key the mock does not know (fingerprint ${[...fingerprints].join(', ')})`
    return `${sender} was sent ${plural(resent, 'more time')} after a 401 refused it: on a 401, stop and ask for a new or corrected key instead of sending the same one again.`
  },
}

/**
 * Each run of 401s in a key's requests, broken by any other answer: the
 * first 401, then those sent after it was answered (the ones already in
 * flight then were sent before the client could know).
 */
function findRefusedRuns(group: readonly JournalEntry[]): JournalEntry[][] {
  const runs: JournalEntry[][] = []
  let run: JournalEntry[] = []
  for (const entry of group) {
    const first = run[0]
    if (entry.status === 401) {
      if (first === undefined || isSentAfter(first, entry)) run.push(entry)
      continue
    }
    if (first !== undefined && !isSentAfter(first, entry)) continue
    if (run.length > 0) runs.push(run)
    run = []
  }
  if (run.length > 0) runs.push(run)
  return runs
}
