import { idOf, isContent, recordsOf } from './json-records.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * How `unicode` rewrites a text: each style keeps the original text in it.
 */
const STYLES: ReadonlyArray<(text: string) => string> = [
  // Very long, and every 40th code unit is the middle of an emoji.
  (text) => `A${'🎬'.repeat(600)} ${text}`,
  (text) => `A${'🎬'.repeat(600)} ${text}`,
  // Emoji with zero-width joiners and skin tones.
  (text) => `👩‍👩‍👧‍👦 ${text} 👍🏽✨`,
  // Right-to-left text around the original.
  (text) => `مراجعة: ${text} — שלום עולם`,
  // Combining marks.
  (text) =>
    `Cafe\u0301 Ame\u0301lie\u0301 Z\u0335\u0321a\u0336l\u0334g\u0338o ${text}`,
]

/**
 * `unicode`: the names, titles and descriptions of records, drawn per
 * record, become very long (over 1,200 UTF-16 code units of emoji), or
 * carry emoji sequences with joiners, right-to-left text or combining marks.
 */
export const applyUnicode: VariantTransform = (answer, request) => {
  if (answer.status !== 200) return
  for (const record of recordsOf(answer.json)) {
    const random = request.random('unicode', idOf(record))
    const keys = isContent(record) ? ['title'] : ['project_name', 'description']
    for (const key of keys) {
      const style = STYLES[Math.floor(random() * STYLES.length)]!
      if (typeof record[key] === 'string') record[key] = style(record[key])
    }
  }
}
