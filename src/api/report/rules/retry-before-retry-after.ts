import type { JournalEntry } from '../../traffic/create-request-journal.js'
import type { LimitScope } from '../../traffic/journal-facts.js'
import { isApiEntry } from '../entry-kinds.js'
import { formatDuration, plural } from '../finding-words.js'
import type { Occurrence, ReportRule } from '../report-rule.js'
import { isSentAfter, TIMER_SLACK_MS, waitedMs } from '../time-between.js'

/**
 * `retry-before-retry-after`: after a 429 with `Retry-After: N`, a request the same limit counts arrives before N s,
 * on the mock clock and as the client waited. A request sent before the 429 was answered is not early.
 */
export const retryBeforeRetryAfter: ReportRule = {
  id: 'retry-before-retry-after',
  severity: 'error',
  source:
    'spec 7 and 8 (429: rate limit exceeded); RFC 9110, section 10.2.3 (Retry-After)',
  find(entries) {
    // Grouped so a later 429 never runs out sooner: run-out ones are a group's front, so a tight loop of 429s stays linear.
    const waiting = new Map<string, Map<string, Waiting>>()
    const occurrences: Occurrence[] = []
    entries.forEach((entry, position) => {
      const key = entry.keyLabel
      if (key === undefined || !isApiEntry(entry)) return
      const groups = waiting.get(key)
      if (groups !== undefined && isCounted(entry)) {
        const refusal = earliestBrokenBy(groups, entry)
        if (refusal !== undefined) {
          occurrences.push({
            keyLabel: key,
            entries: [refusal, entry],
            value: earlyBy(refusal, entry),
          })
        }
      }
      if (entry.status === 429 && entry.retryAfterSeconds !== undefined) {
        const ofKey = waiting.get(key) ?? new Map<string, Waiting>()
        waiting.set(key, ofKey)
        const id = groupOf(entry)
        const group = ofKey.get(id) ?? { refusals: [], positions: [], head: 0 }
        ofKey.set(id, group)
        group.refusals.push(entry)
        group.positions.push(position)
      }
    })
    return occurrences
  },
  describe(occurrences, who) {
    const earliest = Math.max(...occurrences.map(({ value }) => value))
    return `${who} sent ${plural(occurrences.length, 'request')} before the Retry-After of a 429 had passed (the earliest ${formatDuration(earliest)} early): wait the seconds Retry-After gives, counted from the 429, before sending what the limit counts again.`
  },
}

/**
 * Milliseconds `later` came before `refusal`'s Retry-After had passed;
 * 0 or less when it had passed on either clock.
 * @note Both clocks must say early: at `--speed 60` the limit's seconds
 * pass in a sixtieth of the time, and with the clock paused or slowed a
 * client that waited in real time did what it was told.
 */
function earlyBy(refusal: JournalEntry, later: JournalEntry): number {
  const onMockClock = Date.parse(later.time) - Date.parse(refusal.time)
  const waited = Math.max(onMockClock, waitedMs(refusal, later))
  const early = refusal.retryAfterSeconds! * 1000 - waited
  return early > TIMER_SLACK_MS ? early : 0
}

/**
 * Whether a limit counts the request: one refused by authentication or by
 * a bad `X-Mock-*` header (401, 400) is counted by none.
 */
function isCounted(entry: JournalEntry): boolean {
  return entry.status !== 401 && entry.status !== 400
}

/** The 429s of one group from `head` on, with their places in the journal. */
interface Waiting {
  refusals: JournalEntry[]
  positions: number[]
  head: number
}

/**
 * The 429 that `entry` came too early for, the first one answered when
 * several are; run-out 429s leave their groups on the way.
 */
function earliestBrokenBy(
  groups: Map<string, Waiting>,
  entry: JournalEntry,
): JournalEntry | undefined {
  let found: { refusal: JournalEntry; position: number } | undefined
  for (const [id, group] of groups) {
    const { refusals, positions } = group
    while (
      group.head < refusals.length &&
      earlyBy(refusals[group.head]!, entry) <= 0
    )
      group.head++
    if (group.head === refusals.length) {
      groups.delete(id)
      continue
    }
    if (!isInScope(refusals[group.head]!, entry)) continue
    for (let at = group.head; at < refusals.length; at++) {
      const refusal = refusals[at]!
      if (found !== undefined && positions[at]! > found.position) break
      if (earlyBy(refusal, entry) > 0 && isSentAfter(refusal, entry)) {
        found = { refusal, position: positions[at]! }
        break
      }
    }
  }
  return found?.refusal
}

/** The limit a 429 is about and its Retry-After: one group of `waiting`. */
function groupOf(refusal: JournalEntry): string {
  const scope = refusal.limitScope ?? 'key'
  return `${refusal.retryAfterSeconds} ${scope} ${targetOf(refusal, scope)}`
}

function isInScope(refusal: JournalEntry, later: JournalEntry): boolean {
  const scope = refusal.limitScope ?? 'key'
  return targetOf(later, scope) === targetOf(refusal, scope)
}

/** What a limit of `scope` tells requests apart by: the entry's field of that name, or nothing (all of a key's). */
function targetOf(entry: JournalEntry, scope: LimitScope): string | undefined {
  return scope === 'key' ? '' : entry[scope]
}
