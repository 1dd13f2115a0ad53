import type { JournalEntry } from 'content-api-mock'

/** Where the journals of the report tests start, in epoch milliseconds. */
export const T0 = Date.parse('2030-01-01T00:00:00Z')

/**
 * What a journal entry of the report tests gives: when it was sent in real
 * time (`at`, milliseconds after `T0`), and where the mock clock and the
 * lifetime clock stood then when they did not run with real time.
 */
export type EntryFields = Partial<Omit<JournalEntry, 'time'>> & {
  at: number
  mockAt?: number
  lifetimeAt?: number
}

/**
 * Builds journal entries as the mock records them, numbered in the order
 * given: a GET of `/public-api/v1/projects` by `acct_a#1` answered 200 in
 * 1 ms, unless the fields say otherwise.
 * @example
 * const journal = journalOf({ at: 0, status: 500 }, { at: 10 })
 */
export function journalOf(...fields: EntryFields[]): JournalEntry[] {
  return fields.map(({ at, mockAt, lifetimeAt, ...rest }, index) => ({
    id: index + 1,
    time: new Date(T0 + (mockAt ?? at)).toISOString(),
    method: 'GET',
    path: '/public-api/v1/projects',
    query: '',
    endpoint: 'listProjects',
    keyLabel: 'acct_a#1',
    status: 200,
    durationMs: 1,
    startMs: T0 + at,
    lifetimeClockMs: T0 + (lifetimeAt ?? at),
    ...rest,
  }))
}

/** `count` entries `apartMs` apart from `from`, each with `fields`. */
export function spaced(
  count: number,
  apartMs: number,
  fields: Partial<EntryFields> = {},
  from = 0,
): EntryFields[] {
  return Array.from({ length: count }, (_, index) => ({
    ...fields,
    at: from + index * apartMs,
  }))
}
