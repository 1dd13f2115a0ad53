import type { ClientReportRule } from '../../schema/client-report-options.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'
import type { FindingSeverity } from './client-report.js'

/**
 * One time a client broke a rule: the entries that show it, the key they
 * came with, and a figure the rule's message names (how early, how many).
 */
export interface Occurrence {
  keyLabel?: string | undefined
  entries: JournalEntry[]
  value: number
}

/**
 * A rule of the client report: a pure function from the journal's entries
 * (in arrival order) to the times it was broken, and the words of its
 * finding.
 */
export interface ReportRule<Settings = Record<string, never>> {
  id: ClientReportRule
  severity: FindingSeverity
  source: string
  find(entries: readonly JournalEntry[], settings: Settings): Occurrence[]
  /**
   * The finding's sentence for the occurrences of one key; `who` names the
   * key (`acct_alpha#1`), or the requests without one.
   */
  describe(occurrences: Occurrence[], who: string, settings: Settings): string
}
