import {
  CLIENT_REPORT_DEFAULTS,
  type ClientReportOptions,
} from '../../schema/client-report-options.js'
import { cached } from '../../data/cached.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'
import type { ClientFinding, ClientReport } from './client-report.js'
import type { Occurrence, ReportRule } from './report-rule.js'
import { PER_REQUEST_RULES } from './rules/per-request-rules.js'
import { repeatedUnauthorized } from './rules/repeated-unauthorized.js'
import { retryBeforeRetryAfter } from './rules/retry-before-retry-after.js'
import { retryWithoutBackoff } from './rules/retry-without-backoff.js'
import { tightPolling } from './rules/tight-polling.js'
import { tooManyInFlight } from './rules/too-many-in-flight.js'

export const MAX_FINDING_ENTRIES = 20

// Findings list errors first, each severity in this order.
const RULES: ReadonlyArray<ReportRule<any>> = [
  retryBeforeRetryAfter,
  ...PER_REQUEST_RULES,
  retryWithoutBackoff,
  repeatedUnauthorized,
  tightPolling,
  tooManyInFlight,
]

/**
 * One finding per rule and key, errors first (docs/client-report.md). A pure function of the entries, so any journal
 * will do: a fleet's, or one saved from another run.
 * @example
 * import { createClientReport } from 'content-api-mock'
 *
 * const { findings } = createClientReport(mock.requests.list(), {
 *   'missing-authorization': false,
 * })
 */
export function createClientReport(
  entries: readonly JournalEntry[],
  options: ClientReportOptions = {},
): ClientReport {
  const findings: ClientFinding[] = []
  for (const rule of RULES) {
    const setting = options[rule.id]
    if (setting === false) continue
    const settings = {
      ...(CLIENT_REPORT_DEFAULTS as Record<string, object>)[rule.id],
      ...(typeof setting === 'object' ? setting : {}),
    }
    const occurrences = rule.find(entries, settings)
    for (const [keyLabel, ofKey] of byKey(occurrences)) {
      findings.push(toFinding(rule, keyLabel, ofKey, settings))
    }
  }
  // Stable: within a severity, in the order of the rules, then of the keys.
  findings.sort(
    (a, b) =>
      Number(a.severity === 'warning') - Number(b.severity === 'warning'),
  )
  return { findings, requests: entries.length }
}

function byKey(occurrences: Occurrence[]) {
  const groups = new Map<string | undefined, Occurrence[]>()
  for (const occurrence of occurrences) {
    cached(groups, occurrence.keyLabel, () => []).push(occurrence)
  }
  return groups
}

function toFinding(
  rule: ReportRule<any>,
  keyLabel: string | undefined,
  occurrences: Occurrence[],
  settings: object,
): ClientFinding {
  const shown = new Set(occurrences.flatMap(({ entries }) => entries))
  return {
    rule: rule.id,
    severity: rule.severity,
    ...(keyLabel !== undefined && { keyLabel }),
    count: occurrences.length,
    message: rule.describe(occurrences, keyLabel ?? 'The client', settings),
    source: rule.source,
    entries: [...shown]
      .sort((a, b) => a.id - b.id)
      .slice(0, MAX_FINDING_ENTRIES),
  }
}
