import type { TitleCard } from '../title-card.js'
import { drawTitleCard } from './draw-title-card.js'
import { encodeJpeg } from './encode-jpeg.js'
import { loadGlyphFaces } from './glyph-face.js'

/** JPEG quality of the cards: crisp text at about 30 KB. */
const QUALITY = 88

// Loaded with `import()` on the first thumbnail, so bundlers split it off.
export async function createTitleCardRenderer(): Promise<
  (card: TitleCard) => Uint8Array
> {
  const faces = await loadGlyphFaces()
  return (card) => encodeJpeg(drawTitleCard(faces, card), QUALITY)
}
