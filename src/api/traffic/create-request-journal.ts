import { OPTION_RULES } from '../../schema/option-rules.js'
import type { JournalFacts } from './journal-facts.js'

/**
 * One request the mock answered. Never holds an API key: `keyLabel` is the
 * log-safe label of the key (e.g. `acct_alpha#1`).
 */
export interface JournalEntry extends JournalFacts {
  /**
   * Its number in the journal: 1 for the first request after the mock
   * started or the journal was last cleared, one more for each after it.
   */
  id: number
  /** When the request arrived, ISO 8601 UTC, on the mock's clock. */
  time: string
  method: string
  /** The raw path, without the query. */
  path: string
  /** The raw query string without `?`; empty when there is none. */
  query: string
  /** The endpoint (`listProjects`, `getProject`, `listContents`, `getContent`, `asset`), if one matched. */
  endpoint?: string
  /** The label of the API key that authenticated, if one did. */
  keyLabel?: string
  /** The status answered; 0 when a scenario dropped the connection. */
  status: number
  /** Time to answer, including forced latency, in milliseconds. */
  durationMs: number
  /**
   * When the request arrived in real time: epoch milliseconds with
   * fractions, from `performance` (which vitest's and Jest's fake timers
   * move). It ended `durationMs` later.
   */
  startMs: number
  /**
   * When the request arrived on the clock asset URL lifetimes count on:
   * epoch milliseconds that run as the mock clock does but never faster
   * than real time, and move by as much as `clock.set()`, `advance()` and
   * `reset()` move the mock clock.
   */
  lifetimeClockMs: number
  /** Set when a scenario dropped the connection instead of answering. */
  networkError?: boolean
  /** The variants applied to the answer (`hostile` for all), when any were. */
  variants?: string[]
  /**
   * The origin of the real service that answered instead of the mock, under
   * proxy mode (the server's `upstream` option, `--proxy`).
   */
  proxied?: string
}

/**
 * An entry as the hot path adds it: the time as a number, formatted
 * only when someone reads the journal; `id` is given by the journal.
 */
export interface RawJournalEntry extends JournalFacts {
  id: number
  timeMs: number
  method: string
  path: string
  query: string
  endpoint: string | undefined
  keyLabel: string | undefined
  status: number
  durationMs: number
  startMs: number
  lifetimeClockMs: number
  networkError: boolean
  variants?: string[] | undefined
  proxied?: string | undefined
}

/**
 * What to look for in the journal; every given field must match.
 */
export interface JournalFilter {
  endpoint?: string
  /** An API key as the client sent it; matched through its label. */
  key?: string
  keyLabel?: string
  status?: number
  method?: string
  path?: string
}

/**
 * The request journal: a bounded ring buffer, oldest entries dropped first.
 */
export interface RequestJournal {
  /** The number of entries it keeps. */
  readonly capacity: number
  add(entry: RawJournalEntry): void
  /** Entries in arrival order, optionally filtered. */
  list(filter?: JournalFilter): JournalEntry[]
  /** How many entries match. */
  count(filter?: JournalFilter): number
  clear(): void
}

/**
 * The number of requests a journal keeps unless told otherwise.
 * @example
 * createContentApiMock({ journalSize: DEFAULT_JOURNAL_SIZE * 10 })
 */
export const DEFAULT_JOURNAL_SIZE = OPTION_RULES.journalSize.default

/**
 * Creates a request journal of the given capacity. `labelOf` maps an API key
 * to its label, so a filter by key never stores the key.
 */
export function createRequestJournal(
  capacity: number,
  labelOf: (key: string) => string | undefined,
): RequestJournal {
  if (!Number.isSafeInteger(capacity) || capacity < 1) {
    throw new TypeError(
      `Invalid journal size ${JSON.stringify(capacity)}: expected a whole number of entries, 1 or more.`,
    )
  }
  const entries: RawJournalEntry[] = []
  let next = 0
  let added = 0

  function matches(entry: RawJournalEntry, filter: JournalFilter): boolean {
    const keyLabel =
      filter.key !== undefined
        ? (labelOf(filter.key) ?? '\0no such key')
        : filter.keyLabel
    return (
      (filter.endpoint === undefined || entry.endpoint === filter.endpoint) &&
      (keyLabel === undefined || entry.keyLabel === keyLabel) &&
      (filter.status === undefined || entry.status === filter.status) &&
      (filter.method === undefined ||
        entry.method === filter.method.toUpperCase()) &&
      (filter.path === undefined || entry.path === filter.path)
    )
  }

  function ordered(): RawJournalEntry[] {
    return entries.length < capacity
      ? entries.slice()
      : [...entries.slice(next), ...entries.slice(0, next)]
  }

  return {
    capacity,
    add(entry) {
      entry.id = ++added
      if (entries.length < capacity) {
        entries.push(entry)
      } else {
        entries[next] = entry
        next = (next + 1) % capacity
      }
    },
    list(filter) {
      const all = ordered()
      return (
        filter === undefined
          ? all
          : all.filter((entry) => matches(entry, filter))
      ).map(toJournalEntry)
    },
    count(filter) {
      if (filter === undefined) return entries.length
      let count = 0
      for (const entry of entries) if (matches(entry, filter)) count++
      return count
    },
    clear() {
      entries.length = 0
      next = 0
      added = 0
    },
  }
}

function toJournalEntry(raw: RawJournalEntry): JournalEntry {
  // Keys in the order of `JournalEntry`, absent ones left out.
  return {
    id: raw.id,
    time: new Date(raw.timeMs).toISOString(),
    method: raw.method,
    path: raw.path,
    query: raw.query,
    ...(raw.endpoint !== undefined && { endpoint: raw.endpoint }),
    ...(raw.keyLabel !== undefined && { keyLabel: raw.keyLabel }),
    status: raw.status,
    durationMs: raw.durationMs,
    startMs: raw.startMs,
    lifetimeClockMs: raw.lifetimeClockMs,
    ...(raw.networkError && { networkError: true }),
    ...(raw.variants !== undefined && { variants: raw.variants }),
    ...(raw.proxied !== undefined && { proxied: raw.proxied }),
    ...(raw.cause !== undefined && { cause: raw.cause }),
    ...(raw.keyFingerprint !== undefined && {
      keyFingerprint: raw.keyFingerprint,
    }),
    ...(raw.retryAfterSeconds !== undefined && {
      retryAfterSeconds: raw.retryAfterSeconds,
    }),
    ...(raw.limitScope !== undefined && { limitScope: raw.limitScope }),
    ...(raw.assetIssuedMs !== undefined && {
      assetIssuedMs: raw.assetIssuedMs,
    }),
    ...(raw.assetExpiresMs !== undefined && {
      assetExpiresMs: raw.assetExpiresMs,
    }),
  }
}
