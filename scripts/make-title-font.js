// Rasterizes the glyphs the title cards are written with into
// src/media/internal/title-font.generated.ts, so that drawing a card at run
// time is copying alpha masks: no font parser, no rasterizer and no font file
// in the browser bundle, and the same pixels in every runtime.
//
//   node scripts/make-title-font.js           write the file
//   node scripts/make-title-font.js --check   exit 1 if that file is stale
//
// The font is Inter (SIL Open Font License 1.1) from @fontsource/inter, its
// "latin", "latin-ext", "greek" and "cyrillic" subsets, in two faces: bold 700
// for titles, semi-bold 600 for the small labels. Only the rendered alpha masks and advances are shipped, never
// the font file. opentype.js reads the WOFF outlines; the coverage of each
// pixel is computed here (16 sub-scanlines, exact horizontal coverage).
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import opentype from 'opentype.js'

const root = new URL('../', import.meta.url)
const OUTPUT = 'src/media/internal/title-font.generated.ts'
const require = createRequire(import.meta.url)
const SUB_SCANLINES = 16
const CURVE_STEPS = 12

// Printable ASCII, printable Latin-1, Latin Extended-A (Central European,
// Baltic, Turkish…) with Romanian's comma-below letters, modern Greek (monotonic)
// and Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Macedonian,
// Bulgarian), and the typographic marks titles use.
const CHARACTERS = [
  ...range(0x20, 0x7e),
  ...range(0xa1, 0xff).filter((code) => code !== 0xad),
  ...range(0x100, 0x17f).filter((code) => code !== 0x149),
  ...range(0x218, 0x21b),
  ...[...range(0x384, 0x38a), 0x38c, ...range(0x38e, 0x3a1)],
  ...range(0x3a3, 0x3ce),
  ...range(0x400, 0x45f),
  ...range(0x490, 0x491),
  ...[0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d],
  ...[0x2022, 0x2026, 0x20ac, 0x2122],
]
  .map((code) => String.fromCodePoint(code))
  .join('')
const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic']
const FACES = [
  {
    files: SUBSETS.map(
      (subset) => `@fontsource/inter/files/inter-${subset}-700-normal.woff`,
    ),
    description: 'Inter Bold at 44 px: titles',
    size: 44,
    characters: CHARACTERS,
  },
  {
    files: SUBSETS.map(
      (subset) => `@fontsource/inter/files/inter-${subset}-600-normal.woff`,
    ),
    description: 'Inter SemiBold at 16 px: labels',
    size: 16,
    characters: CHARACTERS,
  },
]

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

function loadFont(file) {
  const bytes = readFileSync(require.resolve(file))
  return opentype.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  )
}

/** The outline of a glyph as closed polygons, in pixels, y down. */
function toPolygons(path) {
  const polygons = []
  let current = []
  let x = 0
  let y = 0
  for (const command of path.commands) {
    if (command.type === 'M') {
      if (current.length > 0) polygons.push(current)
      current = [[command.x, command.y]]
    } else if (command.type === 'L') {
      current.push([command.x, command.y])
    } else if (command.type === 'Q') {
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS
        const u = 1 - t
        current.push([
          u * u * x + 2 * u * t * command.x1 + t * t * command.x,
          u * u * y + 2 * u * t * command.y1 + t * t * command.y,
        ])
      }
    } else if (command.type === 'C') {
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS
        const u = 1 - t
        current.push([
          u * u * u * x +
            3 * u * u * t * command.x1 +
            3 * u * t * t * command.x2 +
            t * t * t * command.x,
          u * u * u * y +
            3 * u * u * t * command.y1 +
            3 * u * t * t * command.y2 +
            t * t * t * command.y,
        ])
      }
    } else if (command.type === 'Z') {
      if (current.length > 0) polygons.push(current)
      current = []
      continue
    }
    x = command.x
    y = command.y
  }
  if (current.length > 0) polygons.push(current)
  return polygons
}

/** Coverage of each pixel (0..255) by the polygons, non-zero winding. */
function rasterize(polygons) {
  const points = polygons.flat()
  if (points.length === 0) return { left: 0, top: 0, width: 0, height: 0 }
  const left = Math.floor(Math.min(...points.map((p) => p[0])))
  const top = Math.floor(Math.min(...points.map((p) => p[1])))
  const width = Math.ceil(Math.max(...points.map((p) => p[0]))) - left
  const height = Math.ceil(Math.max(...points.map((p) => p[1]))) - top
  const coverage = new Float64Array(width * height)
  const edges = []
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i++) {
      const [x0, y0] = polygon[i]
      const [x1, y1] = polygon[(i + 1) % polygon.length]
      if (y0 !== y1) edges.push([x0 - left, y0 - top, x1 - left, y1 - top])
    }
  }
  for (let row = 0; row < height; row++) {
    for (let sub = 0; sub < SUB_SCANLINES; sub++) {
      const y = row + (sub + 0.5) / SUB_SCANLINES
      const crossings = []
      for (const [x0, y0, x1, y1] of edges) {
        if ((y0 <= y && y < y1) || (y1 <= y && y < y0)) {
          crossings.push({
            x: x0 + ((y - y0) * (x1 - x0)) / (y1 - y0),
            winding: y1 > y0 ? 1 : -1,
          })
        }
      }
      crossings.sort((a, b) => a.x - b.x)
      let winding = 0
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i].winding
        if (winding === 0) continue
        const from = crossings[i].x
        const to = crossings[i + 1].x
        for (let px = Math.floor(from); px < Math.ceil(to); px++) {
          const overlap = Math.min(to, px + 1) - Math.max(from, px)
          if (overlap > 0) {
            coverage[row * width + px] += overlap / SUB_SCANLINES
          }
        }
      }
    }
  }
  const alpha = Array.from(coverage, (value) =>
    Math.round(Math.min(1, value) * 255),
  )
  return { left, top, width, height, alpha }
}

function renderFace({ files, size, characters }) {
  // The subsets are cut from one font: the same metrics, each its own glyphs.
  const fonts = files.map(loadFont)
  const font = fonts[0]
  const scale = size / font.unitsPerEm
  const codes = Array.from(characters, (character) => character.codePointAt(0))
  const header = [
    codes.length,
    size,
    Math.round(font.ascender * scale),
    Math.round(-font.descender * scale),
    Math.round((font.tables.os2.sCapHeight ?? 0) * scale),
    ...codes,
  ]
  const metrics = []
  const masks = []
  for (const character of characters) {
    const glyph = fonts
      .map((subset) => subset.charToGlyph(character))
      .find((candidate) => candidate.index !== 0)
    if (glyph === undefined) {
      throw new Error(
        `None of ${files.join(', ')} has a glyph for U+${character.codePointAt(0).toString(16)}: take it out of CHARACTERS or add a subset.`,
      )
    }
    const { left, top, width, height, alpha } = rasterize(
      toPolygons(glyph.getPath(0, 0, size)),
    )
    // Advance in 1/16 px, so a line adds up without rounding each glyph.
    metrics.push(
      Math.round(glyph.advanceWidth * scale * 16),
      left,
      top,
      width,
      height,
    )
    if (alpha !== undefined) masks.push(...alpha)
  }
  const words = Buffer.alloc((header.length + metrics.length) * 2)
  ;[...header, ...metrics].forEach((value, i) =>
    words.writeInt16LE(value, i * 2),
  )
  return Buffer.concat([words, Buffer.from(masks)])
}

function render() {
  const data = deflateSync(Buffer.concat(FACES.map(renderFace)), { level: 9 })
  return [
    '// generated by scripts/make-title-font.js; do not edit.',
    '// Glyphs of Inter (https://rsms.me/inter), Copyright 2016 The Inter Project',
    '// Authors, licensed under the SIL Open Font License 1.1',
    '// (https://openfontlicense.org), rendered to alpha masks from the',
    '// @fontsource/inter "latin", "latin-ext", "greek" and "cyrillic" subsets.',
    '// Remake with `node scripts/make-title-font.js`.',
    '',
    '/**',
    ` * ${FACES.map((face) => face.description).join('; ')}: per face, as`,
    ' * little-endian 16-bit words, the character count, pixel size, ascent,',
    ' * descent, cap height, the code points, then per character its advance',
    ' * (1/16 px), left, top, width and height; then its masks, one byte per',
    ' * pixel. Deflated (zlib), base64.',
    ' */',
    `export const GLYPH_FACES_DEFLATED = '${data.toString('base64')}'`,
    '',
  ].join('\n')
}

const outputPath = fileURLToPath(new URL(OUTPUT, root))
const expected = render()

if (process.argv.includes('--check')) {
  let actual = null
  try {
    actual = readFileSync(outputPath, 'utf8')
  } catch {
    // Reported below as missing.
  }
  if (actual !== expected) {
    console.error(
      `[make-title-font] ${OUTPUT} is ${actual === null ? 'missing' : 'stale'}. Run \`node scripts/make-title-font.js\` and commit the regenerated file.`,
    )
    process.exit(1)
  }
  console.log(`[make-title-font] ${OUTPUT} is up to date.`)
} else {
  writeFileSync(outputPath, expected)
  console.log(`[make-title-font] wrote ${OUTPUT}.`)
}
