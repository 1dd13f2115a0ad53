import { isApiEntry } from '../entry-kinds.js'
import { plural } from '../finding-words.js'
import { eachEntry } from '../each-entry.js'
import type { ReportRule } from '../report-rule.js'

const CAUSES = {
  'missing-key': 'no Authorization header',
  'other-scheme': 'another scheme',
  'empty-key': 'an empty key',
} as const

/**
 * `missing-authorization`: an API request without a Bearer key: no
 * `Authorization` header, another scheme, or `Bearer` and nothing after.
 * One time: one such request.
 */
export const missingAuthorization: ReportRule = {
  id: 'missing-authorization',
  severity: 'error',
  source: 'spec 5, rule 2 (every request carries Authorization: Bearer)',
  find(entries) {
    return eachEntry(
      entries,
      (entry) =>
        isApiEntry(entry) && entry.cause !== undefined && entry.cause in CAUSES,
    )
  },
  describe(occurrences) {
    const counts = new Map<string, number>()
    for (const { entries } of occurrences) {
      const cause = CAUSES[entries[0]!.cause as keyof typeof CAUSES]
      counts.set(cause, (counts.get(cause) ?? 0) + 1)
    }
    const kinds = [...counts].map(([cause, count]) => `${count} with ${cause}`)
    return `${plural(occurrences.length, 'API request')} came without a Bearer key (${kinds.join(', ')}): send "Authorization: Bearer <API_KEY>" on every request.`
  },
}
