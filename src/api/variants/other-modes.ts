import { isJsonRecord } from '../../data/is-json-record.js'
import { MOVIEMODE } from '../../schema/moviemode-content.js'
import { idOf, isContent, recordsOf } from './json-records.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * The modes the `other-modes` variant serves besides `moviemode`.
 * @example
 * OTHER_CONTENT_MODES.includes(content.mode)
 */
export const OTHER_CONTENT_MODES = ['post', 'blog', 'image'] as const

/**
 * `other-modes`: about three contents in five come in another mode
 * (`post`, `blog` or `image`, drawn per content, the same in the list and
 * the detail), with an assumed `content` shape (the spec does not show
 * one): `post` `{ text, hashtags, image_url }`, `blog` `{ title, excerpt,
 * body_html, cover_image_url }`, `image` `{ image_url, width, height,
 * alt_text }`. The image URLs are the content's issued thumbnail URL.
 */
export const applyOtherModes: VariantTransform = (answer, request) => {
  if (answer.status !== 200) return
  for (const record of recordsOf(answer.json)) {
    if (!isContent(record) || record.mode !== MOVIEMODE) continue
    const draw = request.random('other-modes', idOf(record))()
    if (draw >= 0.6) continue
    const mode = OTHER_CONTENT_MODES[Math.floor(draw / 0.2)]!
    record.mode = mode
    if (!isJsonRecord(record.content)) continue
    const title = String(record.title)
    const imageUrl = record.content.thumbnail_url ?? null
    record.content =
      mode === 'post'
        ? {
            text: `${title} is out now.`,
            hashtags: ['#new', '#video'],
            image_url: imageUrl,
          }
        : mode === 'blog'
          ? {
              title,
              excerpt: `A few words on ${title}.`,
              body_html: `<h1>${escapeHtml(title)}</h1><p>A few words on it.</p>`,
              cover_image_url: imageUrl,
            }
          : { image_url: imageUrl, width: 1280, height: 720, alt_text: title }
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => `&#${character.charCodeAt(0)};`,
  )
}
