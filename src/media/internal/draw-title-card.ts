import type { RgbImage } from './encode-jpeg.js'
import type { GlyphFace } from './glyph-face.js'
import { fitLine, toDrawableText, toGlyphs, wrapLines } from './lay-out-text.js'
import { createSeededWords } from '../../random/create-seeded-random.js'
import { hashText } from '../../random/hash-text.js'
import { CARD_HEIGHT, CARD_WIDTH, type TitleCard } from '../title-card.js'

const MARGIN = 40
const TITLE_LINE_HEIGHT = 52
const LABEL_TRACKING = 24 // 1.5 px, in 1/16 px
/** What a card shows for a title written wholly in a script its glyphs lack. */
export const UNDRAWABLE_TITLE = 'Untitled video'
// Gradient start, gradient end, accent: soft, saturated pairs.
const PALETTES: ReadonlyArray<readonly [number, number, number]> = [
  [0x1e3c72, 0x2a5298, 0x6dd5fa],
  [0xff512f, 0xdd2476, 0xffc371],
  [0x11998e, 0x38ef7d, 0xf9f871],
  [0x8e2de2, 0x4a00e0, 0xff6ec4],
  [0xf7971e, 0xd9480f, 0xffd200],
  [0x0f2027, 0x2c5364, 0x00c9a7],
  [0xee0979, 0x6a3093, 0xffb199],
  [0x134e5e, 0x71b280, 0xe9f5a1],
  [0x3a1c71, 0xd76d77, 0xffaf7b],
  [0x1d2b64, 0x3d7eaa, 0xf8cdda],
  [0x5f0a87, 0xa4508b, 0xfbd72b],
  [0x2b5876, 0x4e4376, 0x8fd3f4],
]

// Integer and plain double arithmetic only: the same pixels in every runtime.
export function drawTitleCard(
  [titleFace, labelFace]: readonly GlyphFace[],
  card: TitleCard,
): RgbImage {
  const width = CARD_WIDTH
  const height = CARD_HEIGHT
  const data = new Uint8Array(width * height * 3)
  const nextWord = createSeededWords(hashText(card.seed))
  const random = (n: number) => nextWord() % n
  const [from, to, accent] = PALETTES[random(PALETTES.length)]!

  // Darker towards the bottom: the white title stays legible on any palette.
  const flip = random(2) === 1
  const span = width + height
  const ramp = new Float64Array(span * 3)
  for (let step = 0; step < span; step++) {
    const t = step / span
    for (let channel = 0; channel < 3; channel++) {
      const shift = 16 - channel * 8
      const a = (from >> shift) & 0xff
      const b = (to >> shift) & 0xff
      ramp[step * 3 + channel] = a + (b - a) * t
    }
  }
  for (let y = 0; y < height; y++) {
    const shade = 1 - (0.45 * y) / height
    for (let x = 0; x < width; x++) {
      const step = ((flip ? width - 1 - x : x) + y) * 3
      const offset = (y * width + x) * 3
      for (let c = 0; c < 3; c++) {
        data[offset + c] = Math.round(ramp[step + c]! * shade)
      }
    }
  }
  for (let i = 0; i < 3; i++) {
    fillCircle(
      data,
      random(width),
      random(height),
      60 + random(140),
      i === 0 ? 0xffffff : accent,
      24 + random(40),
    )
  }
  drawPlayButton(data, width - MARGIN - 26, MARGIN + 22)

  const label = fitLine(
    labelFace!,
    card.label.toUpperCase(),
    width - 3 * MARGIN - 52,
    LABEL_TRACKING,
  )
  drawText(data, labelFace!, label, MARGIN, MARGIN + 14, 230, LABEL_TRACKING)

  const title = toDrawableText(titleFace!, card.title, UNDRAWABLE_TITLE)
  const lines = wrapLines(titleFace!, title, width - 2 * MARGIN, 3)
  const lastBaseline = height - MARGIN - 40
  lines.forEach((line, i) => {
    const baseline = lastBaseline - (lines.length - 1 - i) * TITLE_LINE_HEIGHT
    drawText(data, titleFace!, line, MARGIN + 2, baseline + 2, 90, 0, 0x000000)
    drawText(data, titleFace!, line, MARGIN, baseline, 255)
  })

  const footer = fitLine(labelFace!, card.footer, width - 2 * MARGIN)
  drawText(data, labelFace!, footer, MARGIN, height - MARGIN + 4, 170)
  return { width, height, data }
}

/** Blends `color` at `alpha` (0..255) into the pixel at (`x`, `y`). */
function blend(
  data: Uint8Array,
  x: number,
  y: number,
  color: number,
  alpha: number,
) {
  const at = (y * CARD_WIDTH + x) * 3
  for (let c = 0; c < 3; c++) {
    const value = (color >> (16 - c * 8)) & 0xff
    data[at + c] =
      ((data[at + c]! * (255 - alpha) + value * alpha + 127) / 255) | 0
  }
}

function drawText(
  data: Uint8Array,
  face: GlyphFace,
  text: string,
  left: number,
  baseline: number,
  opacity: number,
  tracking = 0,
  color = 0xffffff,
): void {
  let pen = left * 16
  for (const glyph of toGlyphs(face, text)) {
    const boxLeft = face.boxes[glyph * 4]!
    const boxTop = face.boxes[glyph * 4 + 1]!
    const boxWidth = face.boxes[glyph * 4 + 2]!
    const boxHeight = face.boxes[glyph * 4 + 3]!
    const offset = face.offsets[glyph]!
    const x0 = ((pen + 8) >> 4) + boxLeft
    const y0 = baseline + boxTop
    for (let row = 0; row < boxHeight; row++) {
      const y = y0 + row
      if (y < 0 || y >= CARD_HEIGHT) continue
      for (let col = 0; col < boxWidth; col++) {
        const x = x0 + col
        if (x < 0 || x >= CARD_WIDTH) continue
        const coverage = face.alpha[offset + row * boxWidth + col]!
        if (coverage === 0) continue
        blend(data, x, y, color, ((coverage * opacity + 127) / 255) | 0)
      }
    }
    pen += face.advances[glyph]! + tracking
  }
}

function fillCircle(
  data: Uint8Array,
  centreX: number,
  centreY: number,
  radius: number,
  color: number,
  opacity: number,
): void {
  const top = Math.max(0, centreY - radius - 1)
  const bottom = Math.min(CARD_HEIGHT - 1, centreY + radius + 1)
  const left = Math.max(0, centreX - radius - 1)
  const right = Math.min(CARD_WIDTH - 1, centreX + radius + 1)
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const dx = x + 0.5 - centreX
      const dy = y + 0.5 - centreY
      const edge = radius - Math.sqrt(dx * dx + dy * dy) + 0.5
      if (edge <= 0) continue
      const alpha = Math.round(opacity * Math.min(1, edge))
      blend(data, x, y, color, alpha)
    }
  }
}

function drawPlayButton(data: Uint8Array, centreX: number, centreY: number) {
  fillCircle(data, centreX, centreY, 22, 0xffffff, 70)
  // Triangle pointing right: edges as half-planes, 1 px of anti-aliasing.
  const corners = [
    [centreX - 6, centreY - 10],
    [centreX - 6, centreY + 10],
    [centreX + 11, centreY],
  ] as const
  const edges = corners.map(([x0, y0], i) => {
    const [x1, y1] = corners[(i + 1) % 3]!
    const length = Math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2)
    return [x0, y0, (x1 - x0) / length, (y1 - y0) / length] as const
  })
  for (let y = centreY - 12; y <= centreY + 12; y++) {
    for (let x = centreX - 8; x <= centreX + 13; x++) {
      let coverage = 1
      for (const [x0, y0, ux, uy] of edges) {
        // Distance inside the edge (the triangle is counter-clockwise here).
        const inside = (x + 0.5 - x0) * uy - (y + 0.5 - y0) * ux
        coverage = Math.min(coverage, Math.max(0, Math.min(1, inside + 0.5)))
      }
      if (coverage > 0) blend(data, x, y, 0xffffff, Math.round(235 * coverage))
    }
  }
}
