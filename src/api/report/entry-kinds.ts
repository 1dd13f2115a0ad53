import { ASSET_ENDPOINT } from '../../schema/endpoints.js'
import type { JournalEntry } from '../traffic/create-request-journal.js'

/**
 * Whether the mock answered this request of the API itself: not an asset
 * URL, not one the real service answered under proxy mode.
 */
export function isApiEntry(entry: JournalEntry): boolean {
  return entry.endpoint !== ASSET_ENDPOINT && entry.proxied === undefined
}

/**
 * Whether a request failed on the service's side: a 5xx, or a connection
 * dropped without an answer.
 */
export function isFailure(entry: JournalEntry): boolean {
  return entry.status >= 500 || entry.status === 0
}
