import { isJsonRecord } from '../../data/is-json-record.js'
import { idOf, isContent, recordsOf } from './json-records.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * `nullable`: the fields the spec does not promise non-null come back `null`
 * (about a third of the time) or absent (about a sixth), drawn per record:
 * a project's `description`; a content's `publish`, each publish result's
 * `post_url` and `posted_at`, and every member of `content` but its ID.
 * IDs, names, titles, timestamps of records, `mode` and `progress` stay.
 */
export const applyNullable: VariantTransform = (answer, request) => {
  if (answer.status !== 200) return
  for (const record of recordsOf(answer.json)) {
    const random = request.random('nullable', idOf(record))
    const blank = (object: Record<string, unknown>, key: string) => {
      if (!(key in object)) return
      const draw = random()
      if (draw < 0.34) object[key] = null
      else if (draw < 0.5) delete object[key]
    }
    if (!isContent(record)) {
      blank(record, 'description')
      continue
    }
    const { publish, content } = record
    if (Array.isArray(publish)) {
      for (const result of publish) {
        if (!isJsonRecord(result)) continue
        blank(result, 'post_url')
        blank(result, 'posted_at')
      }
      blank(record, 'publish')
    }
    if (isJsonRecord(content)) {
      for (const key of Object.keys(content)) {
        if (!key.endsWith('_unique')) blank(content, key)
      }
    }
  }
}
