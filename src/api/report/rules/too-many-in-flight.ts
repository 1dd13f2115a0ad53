import type { ClientReportThresholds } from '../../../schema/client-report-options.js'
import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { groupEntries } from '../group-entries.js'
import { plural } from '../finding-words.js'
import { occurrenceOf, type ReportRule } from '../report-rule.js'

type Settings = ClientReportThresholds['too-many-in-flight']

/**
 * `too-many-in-flight`: more than `limit` (8) requests of one key in flight
 * at once, each from its arrival until the mock answered it (its forced
 * latency included), in real time. A request answered at once is never in
 * flight beside another: the mock sees a client's concurrency only while
 * its answers take time, as the real service's do. One time: one stretch
 * above the limit.
 */
export const tooManyInFlight: ReportRule<Settings> = {
  id: 'too-many-in-flight',
  severity: 'warning',
  source: 'spec 8 (rate limits); conduct: a client bounds its concurrency',
  find(entries, settings) {
    const groups = groupEntries(entries, (entry) =>
      Number.isFinite(entry.startMs) && entry.durationMs > 0
        ? entry.keyLabel
        : undefined,
    )
    return [...groups.values()]
      .flatMap((group) => findPeaks(group, settings.limit))
      .map((peak) => occurrenceOf(peak, peak.length))
  },
  describe(occurrences, who, settings) {
    const most = Math.max(...occurrences.map(({ value }) => value))
    return `${who} had up to ${most} requests in flight at once (${plural(occurrences.length, 'time')}), more than ${settings.limit}: keep at most ${settings.limit} requests open at a time and queue the rest.`
  },
}

/**
 * The requests in flight at the busiest moment of each stretch with more
 * than `limit` in flight, in order of arrival.
 */
function findPeaks(group: readonly JournalEntry[], limit: number) {
  const byStart = [...group].sort((a, b) => a.startMs - b.startMs)
  const peaks: JournalEntry[][] = []
  let inFlight: JournalEntry[] = []
  let peak: JournalEntry[] | undefined
  for (const entry of byStart) {
    inFlight = inFlight.filter(
      (other) => other.startMs + other.durationMs > entry.startMs,
    )
    if (peak !== undefined && inFlight.length <= limit) {
      peaks.push(peak)
      peak = undefined
    }
    inFlight.push(entry)
    if (inFlight.length > limit && inFlight.length > (peak?.length ?? 0)) {
      peak = [...inFlight]
    }
  }
  if (peak !== undefined) peaks.push(peak)
  return peaks
}
