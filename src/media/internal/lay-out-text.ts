import type { GlyphFace } from './glyph-face.js'

const ELLIPSIS = '\u2026'
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

// Its own, or its base letter's (ế as e); none for CJK, emoji…
function glyphOf(face: GlyphFace, character: string): number | undefined {
  return (
    face.glyphs.get(character.codePointAt(0)!) ??
    face.glyphs.get(character.normalize('NFD').codePointAt(0)!)
  )
}

// A character the face lacks is left out rather than drawn as a box.
export function toGlyphs(face: GlyphFace, text: string): number[] {
  return [...text]
    .map((character) => glyphOf(face, character))
    .filter((glyph) => glyph !== undefined)
}

// `fallback` when no letter or digit is left: never boxes or an empty line.
export function toDrawableText(
  face: GlyphFace,
  text: string,
  fallback: string,
): string {
  let drawable = ''
  for (const character of text) {
    if (/\s/.test(character)) drawable += ' '
    else if (glyphOf(face, character) !== undefined) drawable += character
  }
  drawable = drawable.replace(/ +/g, ' ').trim()
  return LETTER_OR_DIGIT.test(drawable) ? drawable : fallback
}

// In 1/16 px, `tracking` too.
function measure(face: GlyphFace, text: string, tracking = 0): number {
  return toGlyphs(face, text).reduce(
    (width, glyph) => width + face.advances[glyph]! + tracking,
    0,
  )
}

export function fitLine(
  face: GlyphFace,
  text: string,
  maxWidth: number,
  tracking = 0,
): string {
  const limit = maxWidth * 16
  if (measure(face, text, tracking) <= limit) return text
  const characters = [...text]
  while (characters.length > 0) {
    characters.pop()
    const candidate = `${characters.join('').trimEnd()}${ELLIPSIS}`
    if (measure(face, candidate, tracking) <= limit) {
      return candidate
    }
  }
  return ELLIPSIS
}

export function wrapLines(
  face: GlyphFace,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const words = text.split(' ').filter((word) => word !== '')
  const lines: string[] = []
  let line = ''
  let index = 0
  const fits = (candidate: string) => measure(face, candidate) <= maxWidth * 16
  while (index < words.length && lines.length < maxLines) {
    const word = words[index]!
    const candidate = line === '' ? word : `${line} ${word}`
    if (fits(candidate)) {
      line = candidate
      index++
    } else if (line === '') {
      // A word wider than a line: as many characters as fit.
      const characters = [...word]
      let count = characters.length - 1
      while (count > 1 && !fits(characters.slice(0, count).join(''))) count--
      lines.push(characters.slice(0, count).join(''))
      words[index] = characters.slice(count).join('')
    } else {
      lines.push(line)
      line = ''
    }
  }
  if (line !== '' && lines.length < maxLines) lines.push(line)
  if (index < words.length) {
    // What is left never fits after the last line, so it ends with "…".
    const last = lines.length - 1
    const rest = `${lines[last]} ${words.slice(index).join(' ')}`
    lines[last] = fitLine(face, rest, maxWidth)
  }
  return lines
}
