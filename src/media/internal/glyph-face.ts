import { unzlibSync } from 'fflate'
import { decodeBase64 } from '../decode-base64.js'
import { GLYPH_FACES_DEFLATED } from './title-font.generated.js'

/** A font face rendered at one size by scripts/make-title-font.js. */
export interface GlyphFace {
  glyphs: ReadonlyMap<number, number>
  /** Advance of each glyph, in 1/16 px. */
  advances: Int16Array
  /** Per glyph: left, top (negative above the baseline), width, height. */
  boxes: Int16Array
  offsets: Int32Array
  alpha: Uint8Array
}

// The title face first, then the label face.
export async function loadGlyphFaces(): Promise<GlyphFace[]> {
  // fflate, not `DecompressionStream` or `Blob.stream()`: jsdom environments
  // (vitest's, Jest's) lack them, and every title card answered 500 there.
  const inflated = unzlibSync(decodeBase64(GLYPH_FACES_DEFLATED)).slice().buffer
  const view = new DataView(inflated)
  const faces: GlyphFace[] = []
  let at = 0
  const word = () => {
    const value = view.getInt16(at, true)
    at += 2
    return value
  }
  while (at < inflated.byteLength) {
    const count = word()
    at += 8 // The size, ascent, descent and cap height: the layout needs none.
    const glyphs = new Map<number, number>()
    for (let i = 0; i < count; i++) glyphs.set(word() & 0xffff, i)
    const advances = new Int16Array(count)
    const boxes = new Int16Array(count * 4)
    const offsets = new Int32Array(count)
    let total = 0
    for (let i = 0; i < count; i++) {
      advances[i] = word()
      for (let k = 0; k < 4; k++) boxes[i * 4 + k] = word()
      offsets[i] = total
      total += boxes[i * 4 + 2]! * boxes[i * 4 + 3]!
    }
    const alpha = new Uint8Array(inflated, at, total)
    at += total
    faces.push({ glyphs, advances, boxes, offsets, alpha })
  }
  return faces
}
