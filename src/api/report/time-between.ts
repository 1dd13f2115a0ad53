import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * How far off a timer may fire, in milliseconds: a client that waits what it
 * was told is never early by more.
 */
export const TIMER_SLACK_MS = 25

/**
 * How long a client waited between the answer to `earlier` and sending
 * `later`, in milliseconds: the longer of real time and the clock lifetimes
 * count on (which `clock.advance()` and a fake `Date` move), so a suite that
 * moves time instead of sleeping has waited too. `NaN` when an entry lacks
 * its times (a journal from an older mock): no rule finds anything in it.
 * @example
 * waitedMs(failure, retry) >= 300
 */
export function waitedMs(earlier: JournalEntry, later: JournalEntry): number {
  const end = earlier.durationMs
  return Math.max(
    later.startMs - (earlier.startMs + end),
    later.lifetimeClockMs - (earlier.lifetimeClockMs + end),
  )
}

/**
 * How far apart two requests were sent, start to start, in milliseconds, on
 * the same two clocks as {@link waitedMs}.
 * @example
 * apartMs(poll, nextPoll) < 1000
 */
export function apartMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.max(
    later.startMs - earlier.startMs,
    later.lifetimeClockMs - earlier.lifetimeClockMs,
  )
}
