import type { JournalEntry } from '../traffic/create-request-journal.js'

/** A client that waits what it was told is never early by more. */
export const TIMER_SLACK_MS = 25

/** On real time and on the lifetime clock (moved by `clock.advance()`, `clock.set()` and a fake `Date`); `NaN` for a journal from an older mock. */
export function waitsMs(
  earlier: JournalEntry,
  later: JournalEntry,
): [real: number, lifetime: number] {
  const end = earlier.durationMs
  return [
    later.startMs - (earlier.startMs + end),
    later.lifetimeClockMs - (earlier.lifetimeClockMs + end),
  ]
}

/** The longer of {@link waitsMs}, so a suite that moves time instead of sleeping has waited too. */
export function waitedMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.max(...waitsMs(earlier, later))
}

export function apartMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.max(
    later.startMs - earlier.startMs,
    later.lifetimeClockMs - earlier.lifetimeClockMs,
  )
}

/** After the recorded end, a client may not have the answer yet (a late timer, the network, a busy event loop). */
const DELIVERY_SLACK_MS = 100

/** A client is answerable for what it sent once it knew; another request counts from {@link DELIVERY_SLACK_MS} after the end. `true` without times, so other checks decide. */
export function isSentAfter(
  earlier: JournalEntry,
  later: JournalEntry,
): boolean {
  const same =
    later.method === earlier.method &&
    later.path === earlier.path &&
    later.query === earlier.query
  const known =
    earlier.startMs + earlier.durationMs + (same ? 0 : DELIVERY_SLACK_MS)
  return !(later.startMs < known)
}
