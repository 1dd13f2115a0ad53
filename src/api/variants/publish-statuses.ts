import { isJsonRecord } from '../../data/is-json-record.js'
import { idOf, recordsOf } from './json-records.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * The publish statuses the `publish-statuses` variant sends besides
 * `success`; the last is one no client can know.
 * @example
 * PUBLISH_STATUS_VARIANTS.includes(result.status)
 */
export const PUBLISH_STATUS_VARIANTS = [
  'pending',
  'processing',
  'failed',
  'awaiting_moderation',
] as const

/**
 * `publish-statuses`: about three publish results in four get another
 * status (`PUBLISH_STATUS_VARIANTS`), drawn per content; where nothing was
 * posted, `post_url` is absent (pending, processing) or `null` (failed, the
 * unknown status) and `posted_at` is `null`.
 */
export const applyPublishStatuses: VariantTransform = (answer, request) => {
  if (answer.status !== 200) return
  for (const record of recordsOf(answer.json)) {
    if (!Array.isArray(record.publish)) continue
    const random = request.random('publish-statuses', idOf(record))
    for (const result of record.publish) {
      if (!isJsonRecord(result)) continue
      const draw = random()
      if (draw < 0.25) continue
      const status =
        PUBLISH_STATUS_VARIANTS[
          Math.min(3, Math.floor(((draw - 0.25) / 0.75) * 4))
        ]!
      result.status = status
      if (status === 'pending' || status === 'processing') {
        delete result.post_url
      } else {
        result.post_url = null
      }
      result.posted_at = null
    }
  }
}
