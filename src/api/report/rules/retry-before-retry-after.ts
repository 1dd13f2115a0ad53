import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { isApiEntry } from '../entry-kinds.js'
import { formatDuration, plural } from '../finding-words.js'
import type { Occurrence, ReportRule } from '../report-rule.js'
import { isSentAfter, TIMER_SLACK_MS, waitedMs } from '../time-between.js'

/**
 * `retry-before-retry-after`: after a 429 with `Retry-After: N`, a request
 * the same limit counts (the key's, or the endpoint's or path's when the
 * limit is that narrow) arrives before N seconds have passed, both on the
 * mock clock (where the limit counts) and as the client waited (real time,
 * or the lifetime clock a suite moves instead of sleeping). A request sent
 * before the 429 was answered is not early: the client could not know. One
 * time: one early request.
 */
export const retryBeforeRetryAfter: ReportRule = {
  id: 'retry-before-retry-after',
  severity: 'error',
  source:
    'spec 7 and 8 (429: rate limit exceeded); RFC 9110, section 10.2.3 (Retry-After)',
  find(entries) {
    const waiting = new Map<string, JournalEntry[]>()
    const occurrences: Occurrence[] = []
    for (const entry of entries) {
      const key = entry.keyLabel
      if (key === undefined || !isApiEntry(entry)) continue
      const refusals = waiting.get(key)
      if (refusals !== undefined && isCounted(entry)) {
        const open = refusals.filter((refusal) => earlyBy(refusal, entry) > 0)
        waiting.set(key, open)
        const refusal = open.find(
          (candidate) =>
            isInScope(candidate, entry) && isSentAfter(candidate, entry),
        )
        if (refusal !== undefined) {
          occurrences.push({
            keyLabel: key,
            entries: [refusal, entry],
            value: earlyBy(refusal, entry),
          })
        }
      }
      if (entry.status === 429 && entry.retryAfterSeconds !== undefined) {
        waiting.set(key, [...(waiting.get(key) ?? []), entry])
      }
    }
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

function isInScope(refusal: JournalEntry, later: JournalEntry): boolean {
  switch (refusal.limitScope ?? 'key') {
    case 'key':
      return true
    case 'endpoint':
      return later.endpoint === refusal.endpoint
    case 'path':
      return later.path === refusal.path
  }
}
