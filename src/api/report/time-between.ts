import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * How far off a timer may fire, in milliseconds: a client that waits what it
 * was told is never early by more.
 */
export const TIMER_SLACK_MS = 25

/**
 * How long a client waited between the answer to `earlier` and sending
 * `later`, in milliseconds, on each of two clocks: real time, and the clock
 * lifetimes count on (real time's pace, moved by `clock.advance()`,
 * `clock.set()` and a fake `Date`). `NaN` when an entry lacks its times (a
 * journal from an older mock): no rule finds anything in it.
 */
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

/**
 * How long a client waited between the answer to `earlier` and sending
 * `later`: the longer of {@link waitsMs}, so a suite that moves time
 * instead of sleeping has waited too, and so has a client that slept while
 * the mock clock was paused.
 */
export function waitedMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.max(...waitsMs(earlier, later))
}

/**
 * How far apart two requests were sent, start to start, in milliseconds, on
 * the same two clocks as {@link waitedMs}.
 */
export function apartMs(earlier: JournalEntry, later: JournalEntry): number {
  return Math.max(
    later.startMs - earlier.startMs,
    later.lifetimeClockMs - earlier.lifetimeClockMs,
  )
}

/**
 * How long after the end the mock records for an answer a client may not
 * have it yet (a timer that fires late, the network, a busy event loop),
 * in milliseconds: another request sent within it was sent before the
 * client could know the answer.
 */
const DELIVERY_SLACK_MS = 100

/**
 * Whether `later` was sent after the client had the answer to `earlier`,
 * in real time: a client is answerable for what it sent once it knew. The
 * same request again counts from the answer's end; another one (of another
 * part of the client) from {@link DELIVERY_SLACK_MS} after it. `true` when
 * the times are missing, so that the other checks decide.
 */
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
