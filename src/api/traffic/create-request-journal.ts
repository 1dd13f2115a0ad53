import { OPTION_RULES } from '../../schema/option-rules.js'
import type { JournalFacts } from './journal-facts.js'

/** One request the mock answered. Never holds an API key, only its log-safe `keyLabel` (e.g. `acct_alpha#1`). */
export interface JournalEntry extends JournalFacts {
  /** 1 for the first request since start or the last clear. */
  id: number
  /** ISO 8601 UTC, on the mock's clock. */
  time: string
  method: string
  /** Without the query. */
  path: string
  /** Without `?`; empty when there is none. */
  query: string
  /** `listProjects`, `getProject`, `listContents`, `getContent` or `asset`, if one matched. */
  endpoint?: string
  keyLabel?: string
  /** 0 when a scenario dropped the connection. */
  status: number
  /** Includes forced latency. */
  durationMs: number
  /** Real time from `performance` (which vitest's and Jest's fake timers move), epoch ms with fractions. */
  startMs: number
  /** On the clock asset URL lifetimes count on: never faster than real time, moved by `clock.set()`, `advance()` and `reset()`. */
  lifetimeClockMs: number
  networkError?: boolean
  /** `hostile` stands for all. */
  variants?: string[]
  /** The origin of the real service that answered, under proxy mode (`upstream`, `--proxy`). */
  proxied?: string
}

/** The time stays a number until someone reads the journal. */
export interface RawJournalEntry extends Omit<
  JournalEntry,
  'time' | 'networkError'
> {
  timeMs: number
  networkError: boolean
}

/** Every given field must match. */
export interface JournalFilter {
  endpoint?: string
  /** Matched through its label, so the key is never stored. */
  key?: string
  keyLabel?: string
  status?: number
  method?: string
  path?: string
}

/** A bounded ring buffer, oldest entries dropped first. */
export type RequestJournal = ReturnType<typeof createRequestJournal>

/**
 * The number of requests a journal keeps unless told otherwise.
 * @example
 * createContentApiMock({ journalSize: DEFAULT_JOURNAL_SIZE * 10 })
 */
export const DEFAULT_JOURNAL_SIZE = OPTION_RULES.journalSize.default

/** `capacity` as the `journalSize` option's schema checked it: a whole number, 1 or more. */
export function createRequestJournal(
  capacity: number,
  labelOf: (key: string) => string | undefined,
) {
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
    get capacity() {
      return capacity
    },
    add(entry: RawJournalEntry): void {
      entry.id = ++added
      if (entries.length < capacity) {
        entries.push(entry)
      } else {
        entries[next] = entry
        next = (next + 1) % capacity
      }
    },
    list(filter?: JournalFilter): JournalEntry[] {
      const all = ordered()
      return (
        filter === undefined
          ? all
          : all.filter((entry) => matches(entry, filter))
      ).map(toJournalEntry)
    },
    count(filter?: JournalFilter): number {
      if (filter === undefined) return entries.length
      return entries.filter((entry) => matches(entry, filter)).length
    },
    clear(): void {
      entries.length = 0
      next = 0
      added = 0
    },
  }
}

function toJournalEntry({ id, timeMs, ...raw }: RawJournalEntry): JournalEntry {
  // Keys in the order the answer added them (that of `JournalEntry`), absent
  // ones and `networkError: false` left out.
  const given = Object.entries(raw).filter(
    ([, value]) => value !== undefined && value !== false,
  )
  return {
    id,
    time: new Date(timeMs).toISOString(),
    ...Object.fromEntries(given),
  } as JournalEntry
}
