import type { ClientReportRule } from '../../schema/client-report-options.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'

/** `error` for a spec rule the client broke, `warning` for conduct the real service may rate-limit or ban. */
export type FindingSeverity = 'error' | 'warning'

/** One rule a client broke, for one key. */
export interface ClientFinding {
  /** Stable, e.g. `retry-before-retry-after`. */
  rule: ClientReportRule
  severity: FindingSeverity
  /** Absent for requests without a known key (no key, an unknown one, asset URLs). */
  keyLabel?: string
  /** What one time is: see each rule. */
  count: number
  /** What happened, and what a client should do instead. */
  message: string
  /** The spec section or other source. */
  source: string
  /** The earliest 20, in arrival order. */
  entries: JournalEntry[]
}

/** Findings errors first, from the request journal. */
export interface ClientReport {
  findings: ClientFinding[]
  /** Journal entries considered. */
  requests: number
}
