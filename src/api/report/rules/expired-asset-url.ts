import { formatDuration, plural } from '../finding-words.js'
import { eachEntry } from '../each-entry.js'
import type { ReportRule } from '../report-rule.js'

/**
 * `expired-asset-url`: an asset URL fetched after its lifetime (the 403
 * `asset_url_expired`): the client kept a URL instead of reading the
 * content again. One time: one such request.
 */
export const expiredAssetUrl: ReportRule = {
  id: 'expired-asset-url',
  severity: 'error',
  source:
    'spec 4, rule 4 (asset addresses are issued per request; a client must not assume they stay valid)',
  find(entries) {
    return eachEntry(
      entries,
      (entry) => entry.cause === 'asset-url-expired',
      (entry) => entry.lifetimeClockMs - (entry.assetExpiresMs ?? NaN),
    )
  },
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
}
