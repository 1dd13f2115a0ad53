// How fast title-card thumbnails are made and what their cache holds, and
// how the rasterizers and encoders the mock could have used compare on the
// same card, in the same run.
//
//   npm run build && node --expose-gc bench/thumbnails.js
//
// The mock's own renderer (pre-rendered Inter glyphs, the layout and a
// baseline JPEG encoder, src/media/) is measured always, and so is jpeg-js
// (a dev dependency, for the tests) encoding the same pixels. The other
// candidates run when they are installed; install them for one run with
//   npm i --no-save @resvg/resvg-wasm satori pureimage
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { createSeedDocument } from '../dist/seed.js'
import { createBuiltInMedia } from '../dist/media/create-built-in-media.js'
import { drawTitleCard } from '../dist/media/internal/draw-title-card.js'
import { encodeJpeg } from '../dist/media/internal/encode-jpeg.js'
import { loadGlyphFaces } from '../dist/media/internal/glyph-face.js'
import {
  measureThumbnailCache,
  THUMBNAIL_CACHE_SIZE,
} from '../dist/media/render-thumbnail.js'
import { median } from './support/median.js'

const require = createRequire(import.meta.url)
const QUALITY = 88
const CARDS = 60
const WIDTH = 640
const HEIGHT = 360

// Real titles and project names: the demo dataset's.
const document = createSeedDocument({ seed: 3, contents: 500 })
const projectNames = new Map(
  document.projects.map((project) => [
    project.project_unique,
    project.project_name,
  ]),
)
const subjects = document.contents
  .filter((content) => content.mode === 'moviemode')
  .map((content) => ({
    movieUnique: content.content.movie_unique,
    title: content.title,
    label: projectNames.get(content.project_unique),
  }))
const sample = subjects[0]
const card = {
  title: sample.title,
  label: sample.label,
  footer: sample.movieUnique,
  seed: sample.movieUnique,
}

/** Median time of `run` over `count` calls after `warm` unmeasured ones. */
async function time(run, count = CARDS, warm = 5) {
  for (let i = 0; i < warm; i++) await run(i + count)
  const times = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  return median(times)
}

const ms = (value) => `${value.toFixed(2)} ms`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

// --- The mock's renderer -------------------------------------------------
const media = createBuiltInMedia()
let started = performance.now()
const first = await media.thumbnail(subjects[0])
const coldMs = performance.now() - started
/** Heap and buffer memory in use, after collecting what can be. */
async function memoryInUse() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}
const memoryBefore = await memoryInUse()
for (const subject of subjects.slice(0, THUMBNAIL_CACHE_SIZE + 20)) {
  await media.thumbnail(subject)
}
const heapGrowth = (await memoryInUse()) - memoryBefore
const { entries, bytes } = await measureThumbnailCache()
// Cards not cached yet: past the ones above.
const fresh = await time((i) =>
  media.thumbnail(subjects[THUMBNAIL_CACHE_SIZE + 21 + i]),
)
const cached = await time(() => media.thumbnail(subjects[0]))

const faces = await loadGlyphFaces()
const image = drawTitleCard(faces, card)
const drawMs = await time(() => drawTitleCard(faces, card))
const encodeMs = await time(() => encodeJpeg(image, QUALITY))

console.log('Title-card thumbnails, 640x360 JPEG, quality 88\n')
console.log(
  `  first card (loads renderer, inflates glyphs): ${ms(coldMs)}, ${kb(first.bytes.length)}`,
)
console.log(`  each new card (median of ${CARDS}): ${ms(fresh)}`)
console.log(`    of which drawing ${ms(drawMs)}, JPEG encoding ${ms(encodeMs)}`)
console.log(`  a cached card: ${(cached * 1000).toFixed(1)} µs`)
console.log(
  `  cache: ${entries} of ${THUMBNAIL_CACHE_SIZE} entries hold ${kb(bytes)} of JPEG (${kb(bytes / entries)} each); heap and buffers grew ${kb(heapGrowth)}${globalThis.gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
)

// --- Candidates ------------------------------------------------------------
const rgba = new Uint8Array(WIDTH * HEIGHT * 4)
for (let i = 0; i < WIDTH * HEIGHT; i++) {
  rgba[i * 4] = image.data[i * 3]
  rgba[i * 4 + 1] = image.data[i * 3 + 1]
  rgba[i * 4 + 2] = image.data[i * 3 + 2]
  rgba[i * 4 + 3] = 255
}
const toRgb = (pixels) => {
  const data = new Uint8Array(WIDTH * HEIGHT * 3)
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    data[i * 3] = pixels[i * 4]
    data[i * 3 + 1] = pixels[i * 4 + 1]
    data[i * 3 + 2] = pixels[i * 4 + 2]
  }
  return { width: WIDTH, height: HEIGHT, data }
}
const fontFile = (weight) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)
const rows = [['mock: glyph masks + own JPEG encoder', fresh, 'yes']]

const jpegJs = require('jpeg-js')
const jpegJsMs = await time(() =>
  jpegJs.encode({ data: rgba, width: WIDTH, height: HEIGHT }, QUALITY),
)
rows.push([
  'same pixels, jpeg-js encoder instead of ours',
  drawMs + jpegJsMs,
  'no: Buffer.from() in bundles',
])

const optional = async (name) => {
  try {
    return await import(name)
  } catch {
    return undefined
  }
}
const titleSvg = async () => {
  const opentype = (await import('opentype.js')).default
  const bytes = readFileSync(fontFile(700))
  const font = opentype.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  )
  // Glyph by glyph: opentype.js's shaping fails on Inter's GSUB tables.
  let x = 40
  let path = ''
  for (const character of card.title.slice(0, 24)) {
    const glyph = font.charToGlyph(character)
    path += glyph.getPath(x, 270, 44).toPathData()
    x += (glyph.advanceWidth * 44) / font.unitsPerEm
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff512f"/><stop offset="1" stop-color="#dd2476"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<circle cx="480" cy="80" r="120" fill="#fff" fill-opacity="0.2"/><circle cx="140" cy="300" r="90" fill="#ffc371" fill-opacity="0.25"/>
<path d="${path}" fill="#fff"/></svg>`
}

const resvg = await optional('@resvg/resvg-wasm')
if (resvg !== undefined) {
  await resvg.initWasm(
    readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
  )
  const svg = await titleSvg()
  const render = () => {
    const renderer = new resvg.Resvg(svg)
    const rendered = renderer.render()
    const pixels = rendered.pixels
    rendered.free()
    renderer.free()
    return pixels
  }
  const renderMs = await time(render)
  const encodeOurs = await time(() => encodeJpeg(toRgb(render()), QUALITY))
  rows.push([
    '@resvg/resvg-wasm (SVG, title as paths) + our encoder',
    encodeOurs,
    'yes, with a 2.4 MB WASM to load',
  ])
  rows.push(['  of which resvg rendering', renderMs, ''])

  const satori = await optional('satori')
  if (satori !== undefined) {
    const fonts = [
      { name: 'Inter', data: readFileSync(fontFile(700)), weight: 700 },
    ]
    const element = {
      type: 'div',
      props: {
        style: {
          width: WIDTH,
          height: HEIGHT,
          display: 'flex',
          alignItems: 'flex-end',
          padding: 40,
          backgroundImage: 'linear-gradient(135deg, #ff512f, #dd2476)',
          color: 'white',
          fontSize: 44,
          fontFamily: 'Inter',
          fontWeight: 700,
        },
        children: card.title,
      },
    }
    const satoriMs = await time(async () => {
      const svgText = await satori.default(element, {
        width: WIDTH,
        height: HEIGHT,
        fonts,
      })
      const renderer = new resvg.Resvg(svgText)
      const rendered = renderer.render()
      const jpeg = encodeJpeg(toRgb(rendered.pixels), QUALITY)
      rendered.free()
      renderer.free()
      return jpeg
    })
    rows.push([
      'satori (layout, wrapping) + resvg + our encoder',
      satoriMs,
      'yes, with yoga and resvg WASM',
    ])
  }
}

const pureimage = await optional('pureimage')
if (pureimage !== undefined) {
  // pureimage's own opentype.js reads no WOFF: hand it the TrueType font.
  const otf = join(tmpdir(), `content-api-mock-bench-${process.pid}.ttf`)
  writeFileSync(otf, woffToSfnt(readFileSync(fontFile(700))))
  const font = pureimage.registerFont(otf, 'Inter')
  await font.load()
  rmSync(otf)
  const pureMs = await time(
    () => {
      const bitmap = pureimage.make(WIDTH, HEIGHT)
      const context = bitmap.getContext('2d')
      const gradient = context.createLinearGradient(0, 0, WIDTH, HEIGHT)
      gradient.addColorStop(0, '#ff512f')
      gradient.addColorStop(1, '#dd2476')
      context.fillStyle = gradient
      context.fillRect(0, 0, WIDTH, HEIGHT)
      context.fillStyle = '#ffffff'
      context.font = '44px Inter'
      context.fillText(card.title.slice(0, 24), 40, 270)
      return encodeJpeg(toRgb(bitmap.data), QUALITY)
    },
    10,
    2,
  )
  rows.push([
    'pureimage (canvas in JS) + our encoder',
    pureMs,
    'no: imports node streams, fs',
  ])
}

console.log('\nThe same card by each candidate (median per card):\n')
for (const [name, value, browser] of rows) {
  const ratio = name.startsWith('  ') ? '' : `${(value / fresh).toFixed(1)}x`
  console.log(
    `  ${name.padEnd(56)} ${ms(value).padStart(10)} ${ratio.padStart(6)}  ${browser}`,
  )
}
const missing = ['@resvg/resvg-wasm', 'satori', 'pureimage'].filter(
  (name) =>
    !rows.some(([row]) => row.startsWith(name.replace('@resvg/', '@resvg/'))),
)
if (missing.length > 0) {
  console.log(
    `\n  Not installed, so not measured: ${missing.join(', ')} (npm i --no-save ${missing.join(' ')}).`,
  )
}

/** A WOFF 1.0 font as the TrueType/OpenType file it wraps. */
function woffToSfnt(woff) {
  const count = woff.readUInt16BE(12)
  const tables = []
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20
    const offset = woff.readUInt32BE(at + 4)
    const compressed = woff.readUInt32BE(at + 8)
    const length = woff.readUInt32BE(at + 12)
    const data = woff.subarray(offset, offset + compressed)
    tables.push({
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(data) : data,
    })
  }
  const header = Buffer.alloc(12 + count * 16)
  woff.copy(header, 0, 4, 8)
  header.writeUInt16BE(count, 4)
  const power = 2 ** Math.floor(Math.log2(count))
  header.writeUInt16BE(power * 16, 6)
  header.writeUInt16BE(Math.log2(power), 8)
  header.writeUInt16BE(count * 16 - power * 16, 10)
  let offset = header.length
  const bodies = []
  tables.forEach((table, i) => {
    table.tag.copy(header, 12 + i * 16)
    header.writeUInt32BE(table.checksum, 16 + i * 16)
    header.writeUInt32BE(offset, 20 + i * 16)
    header.writeUInt32BE(table.data.length, 24 + i * 16)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  })
  return Buffer.concat([header, ...bodies])
}
