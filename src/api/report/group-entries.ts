import { cached } from '../../data/cached.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * The entries that `keyOf` gives the same key, each group in arrival order;
 * entries it gives no key are left out.
 */
export function groupEntries(
  entries: readonly JournalEntry[],
  keyOf: (entry: JournalEntry) => string | undefined,
): Map<string, JournalEntry[]> {
  const groups = new Map<string, JournalEntry[]>()
  for (const entry of entries) {
    const key = keyOf(entry)
    if (key !== undefined) cached(groups, key, () => []).push(entry)
  }
  return groups
}
