import type { ClientReportRule } from '../../schema/client-report-options.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'
import type { FindingSeverity } from './client-report.js'

/** `figure` is what the rule's message names (how early, how many). */
export interface Occurrence {
  keyLabel?: string | undefined
  entries: JournalEntry[]
  value: number
}

/** A pure function from the journal's entries (in arrival order) to the times it was broken. */
export interface ReportRule<Settings = Record<string, never>> {
  id: ClientReportRule
  severity: FindingSeverity
  source: string
  find(entries: readonly JournalEntry[], settings: Settings): Occurrence[]
  /** `who` names the key (`acct_alpha#1`), or the requests without one. */
  describe(occurrences: Occurrence[], who: string, settings: Settings): string
}

/** One time a rule was broken, under the key of its first entry. */
export function occurrenceOf(
  entries: JournalEntry[],
  value: number,
): Occurrence {
  return { keyLabel: entries[0]!.keyLabel, entries, value }
}
