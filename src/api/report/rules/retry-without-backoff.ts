import type { ClientReportThresholds } from '../../../schema/client-report-options.js'
import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { isApiEntry, isFailure } from '../entry-kinds.js'
import { groupEntries } from '../group-entries.js'
import { plural, requestLine } from '../finding-words.js'
import { occurrenceOf, type ReportRule } from '../report-rule.js'
import {
  apartMs,
  isSentAfter,
  TIMER_SLACK_MS,
  waitsMs,
} from '../time-between.js'

type Settings = ClientReportThresholds['retry-without-backoff']

/** Exponential backoff with ±25 % jitter still grows at least 1.2×; a steady pace's timers differ by milliseconds. */
const GROWTH = 1.1

/**
 * `retry-without-backoff`: after a 5xx or dropped connection, the same request is resent `retries` times
 * within `withinMs`, or its waits never grow on either clock (a wait of the `Retry-After`, or under a 429, counts
 * as grown). A request sent while the failure was in flight is no resend.
 */
export const retryWithoutBackoff: ReportRule<Settings> = {
  id: 'retry-without-backoff',
  severity: 'warning',
  source:
    'spec 7 (500: unexpected error); conduct: exponential backoff with jitter',
  find(entries, settings) {
    const groups = groupEntries(entries, (entry) =>
      entry.keyLabel === undefined || !isApiEntry(entry)
        ? undefined
        : `${entry.keyLabel} ${requestLine(entry)}`,
    )
    const limited = groupEntries(entries, (entry) =>
      entry.status === 429 ? entry.keyLabel : undefined,
    )
    return [...groups.values()]
      .flatMap(findRuns)
      .filter((run) => {
        const held = isHeldByLimit(run, limited.get(run[0]!.keyLabel!))
        return breaksRule(run, settings, held)
      })
      .map((run) => occurrenceOf(run, run.length - 1))
  },
  describe(occurrences, who, settings) {
    const example = occurrences[0]!.entries[0]!
    return `${who} resent ${plural(occurrences.length, 'failed request')} (a 5xx or a dropped connection, e.g. ${requestLine(example)}) ${settings.retries} times or more without backing off, within ${settings.withinMs} ms or at a steady pace: wait longer before each retry, e.g. 0.3, 0.6, 1.2 s with a little jitter, and honour Retry-After.`
  },
}

/**
 * The runs of one request: a failure, then each request sent after the
 * previous one was answered, while those fail, and the first that does not.
 */
function findRuns(group: readonly JournalEntry[]): JournalEntry[][] {
  const runs: JournalEntry[][] = []
  let run: JournalEntry[] | undefined
  for (const entry of group) {
    const last = run?.at(-1)
    if (last !== undefined && !isSentAfter(last, entry)) continue
    if (run !== undefined) run.push(entry)
    else if (isFailure(entry)) run = [entry]
    if (run !== undefined && !isFailure(entry)) {
      runs.push(run)
      run = undefined
    }
  }
  if (run !== undefined) runs.push(run)
  return runs
}

/**
 * Whether the key got a 429 while the run went on: then its waits were the
 * limit's to decide (a client holds all of a key's requests for a 429's
 * Retry-After), and whether they grew says nothing of its backoff.
 */
function isHeldByLimit(
  run: readonly JournalEntry[],
  refusals: readonly JournalEntry[] | undefined,
): boolean {
  const from = run[0]!.startMs
  const to = run.at(-1)!.startMs
  return (refusals ?? []).some(
    (refusal) => refusal.startMs >= from && refusal.startMs < to,
  )
}

function breaksRule(
  run: readonly JournalEntry[],
  settings: Settings,
  heldByLimit: boolean,
): boolean {
  const { retries, withinMs } = settings
  if (run.length - 1 < retries) return false
  // Resends run[1]..: any `retries` of them in a row within `withinMs`.
  for (let first = 1; first + retries - 1 < run.length; first++) {
    if (apartMs(run[first]!, run[first + retries - 1]!) < withinMs) return true
  }
  if (heldByLimit) return false
  for (let resend = 2; resend <= retries; resend++) {
    if (grows(run, resend)) return false
  }
  return true
}

/**
 * Whether the wait before `run[resend]` grew from the one before it, on
 * either clock (a clock moved in the middle of a run must not make a real
 * backoff look steady), or lasted the failure's `Retry-After`; one that
 * cannot be told (an entry without its times) counts as grown.
 */
function grows(run: readonly JournalEntry[], resend: number): boolean {
  const failure = run[resend - 1]!
  const waits = waitsMs(failure, run[resend]!)
  const before = waitsMs(run[resend - 2]!, failure)
  const retryAfter = (failure.retryAfterSeconds ?? Infinity) * 1000
  const steady = waits.every(
    (wait, clock) =>
      wait < before[clock]! * GROWTH && wait < retryAfter - TIMER_SLACK_MS,
  )
  return !steady
}
