import type { ClientReportThresholds } from '../../../schema/client-report-options.js'
import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { isApiEntry, isFailure } from '../entry-kinds.js'
import { groupEntries } from '../group-entries.js'
import { formatDuration, plural, requestLine } from '../finding-words.js'
import { occurrenceOf, type ReportRule } from '../report-rule.js'
import { apartMs, TIMER_SLACK_MS } from '../time-between.js'

type Settings = ClientReportThresholds['tight-polling']

/**
 * `tight-polling`: the same GET (key, path and query) sent `requests` (10)
 * times or more in a row, each less than `intervalMs` (1 s) after the one
 * before, as the client waited (real time, or the lifetime clock a suite
 * moves instead of sleeping). Answers that other rules are about (5xx,
 * dropped, 429, 401, a request refused as malformed) are left out. One
 * time: one such streak.
 */
export const tightPolling: ReportRule<Settings> = {
  id: 'tight-polling',
  severity: 'warning',
  source: 'spec 8 (rate limits); conduct: poll no more than once a second',
  find(entries, settings) {
    const groups = groupEntries(entries, (entry) =>
      isPoll(entry) ? `${entry.keyLabel} ${requestLine(entry)}` : undefined,
    )
    return [...groups.values()]
      .flatMap((group) => findStreaks(group, settings.intervalMs))
      .filter((streak) => streak.length >= settings.requests)
      .map((streak) => occurrenceOf(streak, shortestGap(streak)))
  },
  describe(occurrences, who, settings) {
    const example = occurrences[0]!.entries[0]!
    const shortest = Math.min(...occurrences.map(({ value }) => value))
    const interval = formatDuration(settings.intervalMs)
    return `${who} polled too fast ${plural(occurrences.length, 'time')}: ${settings.requests} or more of the same GET in a row, less than ${interval} apart (e.g. ${requestLine(example)}, the closest ${formatDuration(shortest)} apart): poll once every ${interval} or less often, and stop once progress.is_complete is true.`
  },
}

function isPoll(entry: JournalEntry): boolean {
  return (
    entry.method === 'GET' &&
    entry.keyLabel !== undefined &&
    isApiEntry(entry) &&
    !isFailure(entry) &&
    entry.status !== 429 &&
    entry.status !== 401 &&
    entry.cause === undefined
  )
}

/** Runs of requests each less than `intervalMs` after the one before. */
function findStreaks(group: readonly JournalEntry[], intervalMs: number) {
  const streaks: JournalEntry[][] = []
  let streak: JournalEntry[] = []
  for (const entry of group) {
    const last = streak.at(-1)
    if (
      last !== undefined &&
      !(apartMs(last, entry) < intervalMs - TIMER_SLACK_MS)
    ) {
      streaks.push(streak)
      streak = []
    }
    streak.push(entry)
  }
  streaks.push(streak)
  return streaks
}

function shortestGap(streak: readonly JournalEntry[]): number {
  let shortest = Infinity
  for (let i = 1; i < streak.length; i++) {
    shortest = Math.min(shortest, apartMs(streak[i - 1]!, streak[i]!))
  }
  return Math.max(0, shortest)
}
