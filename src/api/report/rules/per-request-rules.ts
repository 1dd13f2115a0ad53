import type { JournalEntry } from '../../traffic/create-request-journal.js'
import { isApiEntry } from '../entry-kinds.js'
import { formatDuration, plural, requestLine } from '../finding-words.js'
import { occurrenceOf, type ReportRule } from '../report-rule.js'

/** A rule where one request that `matches` is one time it was broken. */
interface PerRequestRule extends Omit<ReportRule, 'find'> {
  matches(entry: JournalEntry): boolean
  /** The figure the message names; 0 when it names none. */
  figure?(entry: JournalEntry): number
}

const MISSING_KEY_CAUSES = {
  'missing-key': 'no Authorization header',
  'other-scheme': 'another scheme',
  'empty-key': 'an empty key',
} as const

/** Errors in the order their findings are listed. */
const RULES: PerRequestRule[] = [
  {
    // An asset URL fetched after its lifetime (the 403 `asset_url_expired`):
    // the client kept a URL instead of reading the content again.
    id: 'expired-asset-url',
    severity: 'error',
    source:
      'spec 4, rule 4 (asset addresses are issued per request; a client must not assume they stay valid)',
    matches: (entry) => entry.cause === 'asset-url-expired',
    figure: (entry) => entry.lifetimeClockMs - (entry.assetExpiresMs ?? NaN),
    describe(occurrences) {
      const lateness = occurrences
        .map(({ value }) => value)
        .filter(Number.isFinite)
      const latest =
        lateness.length === 0
          ? ''
          : ` (up to ${formatDuration(Math.max(...lateness))} after they expired)`
      return `${plural(occurrences.length, 'asset URL')} were fetched after their lifetime${latest}: read the content again (GET .../contents/{variation_unique}) for a fresh download_url or thumbnail_url shortly before each use, and keep none.`
    },
  },
  {
    // An API request without a Bearer key: no `Authorization` header, another
    // scheme, or `Bearer` and nothing after.
    id: 'missing-authorization',
    severity: 'error',
    source: 'spec 5, rule 2 (every request carries Authorization: Bearer)',
    matches: (entry) =>
      isApiEntry(entry) &&
      entry.cause !== undefined &&
      entry.cause in MISSING_KEY_CAUSES,
    describe(occurrences) {
      const counts = new Map<string, number>()
      for (const { entries } of occurrences) {
        const cause =
          MISSING_KEY_CAUSES[
            entries[0]!.cause as keyof typeof MISSING_KEY_CAUSES
          ]
        counts.set(cause, (counts.get(cause) ?? 0) + 1)
      }
      const kinds = [...counts].map(
        ([cause, count]) => `${count} with ${cause}`,
      )
      return `${plural(occurrences.length, 'API request')} came without a Bearer key (${kinds.join(', ')}): send "Authorization: Bearer <API_KEY>" on every request.`
    },
  },
  {
    // A 404 for a path under the API prefix that no endpoint has, or a 405 for
    // a method other than GET and HEAD (on an asset URL too).
    id: 'unknown-route',
    severity: 'error',
    source: 'spec 4 (the four endpoints, all GET)',
    matches: (entry) =>
      entry.cause === 'unknown-path' || entry.cause === 'method-not-allowed',
    describe(occurrences, who) {
      const example = occurrences[0]!.entries[0]!
      return `${who} sent ${plural(occurrences.length, 'request')} the API has no route for (e.g. ${requestLine(example)}: ${example.status}): call only GET (or HEAD) on the four endpoints of spec 4, /projects, /projects/{project_unique} and their /contents.`
    },
  },
  {
    // A 422 for a malformed ID in the path (under the `lenient-ids` variant,
    // the 404 that stands for it).
    id: 'invalid-parameter',
    severity: 'error',
    source: 'spec 7 (422: parameters invalid)',
    matches: (entry) => entry.cause === 'invalid-id',
    describe(occurrences, who) {
      const example = occurrences[0]!.entries[0]!
      return `${who} sent ${plural(occurrences.length, 'request')} with a malformed ID in the path (e.g. ${requestLine(example)}): use project_unique and variation_unique exactly as the API returned them, percent-encoded, with no trailing slash.`
    },
  },
]

/** The rules where one request is one time: each reads its cause in the journal. */
export const PER_REQUEST_RULES: ReadonlyArray<ReportRule> = RULES.map(
  ({ matches, figure = () => 0, ...rule }) => ({
    ...rule,
    find: (entries) =>
      entries
        .filter(matches)
        .map((entry) => occurrenceOf([entry], figure(entry))),
  }),
)
