import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * Milliseconds as a person reads them in a finding: `40 ms`, `1.5 s`,
 * `3 min`.
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 120_000) return `${Number((ms / 1000).toFixed(1))} s`
  return `${Math.round(ms / 60_000)} min`
}

/**
 * `GET /public-api/v1/projects?x=1`: the request as a finding names it.
 */
export function requestLine(entry: JournalEntry): string {
  return `${entry.method} ${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`
}

/**
 * `1 request`, `3 requests`: a count and its noun (`many` where its plural
 * is not `noun` + s).
 */
export function plural(count: number, noun: string, many = `${noun}s`) {
  return `${count} ${count === 1 ? noun : many}`
}
