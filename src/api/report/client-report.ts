import type { ClientReportRule } from '../../schema/client-report-options.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * How bad a finding is: `error` for a rule of the spec the client broke,
 * `warning` for conduct the real service may rate-limit or ban.
 */
export type FindingSeverity = 'error' | 'warning'

/**
 * One rule a client broke, for one key: how often, the journal entries that
 * show it, what happened and what to do instead, and what the rule rests on.
 */
export interface ClientFinding {
  /** The rule's stable ID, e.g. `retry-before-retry-after`. */
  rule: ClientReportRule
  severity: FindingSeverity
  /**
   * The label of the key whose requests show it; absent for requests
   * without a known key (no key, an unknown one, asset URLs).
   */
  keyLabel?: string
  /** How many times it happened (what one time is: see each rule). */
  count: number
  /** One sentence: what happened, and what a client should do instead. */
  message: string
  /** The spec section or other source the rule rests on. */
  source: string
  /** The entries that show it, in arrival order: the earliest 20. */
  entries: JournalEntry[]
}

/**
 * What a client did against the rules, from the request journal: the
 * findings (errors first), and how many entries were considered.
 */
export interface ClientReport {
  findings: ClientFinding[]
  /** The journal entries the report looked at. */
  requests: number
}
