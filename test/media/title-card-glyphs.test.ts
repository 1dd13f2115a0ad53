import { it, expect } from 'vitest'
// A unit test of the title card's glyphs and text fitting, which no entry
// exports: every character of the covered scripts has a glyph of its own.
import { loadGlyphFaces } from '../../src/media/internal/glyph-face.js'
import {
  toDrawableText,
  toGlyphs,
} from '../../src/media/internal/lay-out-text.js'
import { UNDRAWABLE_TITLE } from '../../src/media/internal/draw-title-card.js'

const TITLES = {
  greek: 'Καλοκαίρι στην Αθήνα: ΠΡΏΤΗ ΜΑΤΙΆ ΣΤΑ ΝΈΑ ΑΘΛΗΤΙΚΆ',
  cyrillic: 'Летняя коллекция кроссовок: ЇЖАК, ҐАНОК, ЂУРЂЕВДАН',
  latinExtended: 'Łódź, Brașov, Škoda, İstanbul, Őrség, Ħamrun, Čakovec',
}

it('has a glyph of its own for every character of Greek, Cyrillic and Latin-extended titles, in both faces', async () => {
  const faces = await loadGlyphFaces()
  expect(faces).toHaveLength(2)
  for (const face of faces) {
    for (const [script, title] of Object.entries(TITLES)) {
      const missing = [...title].filter(
        (character) => !face.glyphs.has(character.codePointAt(0)!),
      )
      expect(missing, script).toEqual([])
      expect(toGlyphs(face, title), script).toHaveLength([...title].length)
      expect(toDrawableText(face, title, UNDRAWABLE_TITLE)).toBe(title)
    }
  }
})

it('leaves out what no glyph covers instead of drawing boxes, and falls back to words when nothing is left', async () => {
  const [title] = await loadGlyphFaces()
  const question = title!.glyphs.get('?'.codePointAt(0)!)
  const mixed = 'Tokyo 東京 vlog 🎬'
  expect(toGlyphs(title!, mixed)).not.toContain(question)
  expect(toDrawableText(title!, mixed, UNDRAWABLE_TITLE)).toBe('Tokyo vlog')
  expect(toDrawableText(title!, '東京の春 🎬', UNDRAWABLE_TITLE)).toBe(
    UNDRAWABLE_TITLE,
  )
  // A letter the face lacks but whose base letter it has: the base letter.
  expect(toDrawableText(title!, 'Phở Hà Nội', UNDRAWABLE_TITLE)).toBe(
    'Phở Hà Nội',
  )
  expect(toGlyphs(title!, 'ở')).toEqual(toGlyphs(title!, 'o'))
})
