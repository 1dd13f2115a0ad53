/**
 * An RGB image, 3 bytes per pixel, row by row.
 */
export interface RgbImage {
  width: number
  height: number
  data: Uint8Array
}

// @note A baseline JPEG encoder (ITU T.81, 4:2:0) of our own: jpeg-js calls
// `Buffer.from` in bundles (throwing in browsers), mozjpeg's WASM adds 250 KB.
// Only + - * / and Math.round touch doubles: the same bytes in every runtime.

// prettier-ignore
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
  12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
  58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]
// Annex K.1, in natural (row-major) order.
// prettier-ignore
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
  14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
]
// prettier-ignore
const CHROMA_QUANT = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
  24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
]
// Annex K.3: code counts per length (1..16), then the symbols.
interface HuffmanSpec {
  counts: number[]
  symbols: number[]
}
const LUMA_DC: HuffmanSpec = {
  counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
}
const CHROMA_DC: HuffmanSpec = {
  counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
}
// prettier-ignore
const LUMA_AC: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06,
    0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
    0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72,
    0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
    0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45,
    0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
    0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75,
    0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
    0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3,
    0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
    0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9,
    0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
    0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4,
    0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
}
// prettier-ignore
const CHROMA_AC: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41,
    0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91,
    0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1,
    0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
    0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44,
    0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
    0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74,
    0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
    0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a,
    0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4,
    0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
    0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
    0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4,
    0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
}
// The scale factors of the AAN DCT: cos(k * pi / 16) * sqrt(2), k > 0.
const AAN_SCALE = [
  1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961,
  0.275899379,
]

type HuffmanTable = ReturnType<typeof buildHuffmanTable>

/** Code and length per symbol, for writing. */
function buildHuffmanTable({ counts, symbols }: HuffmanSpec) {
  const codes = new Uint16Array(256)
  const lengths = new Uint8Array(256)
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < counts[length - 1]!; i++) {
      const symbol = symbols[k++]!
      codes[symbol] = code++
      lengths[symbol] = length
    }
    code <<= 1
  }
  return { codes, lengths }
}

/** Quantization table (natural order) for a quality of 1..100, IJG scaling. */
function scaleQuant(base: number[], quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2
  return base.map((value) =>
    Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))),
  )
}

/** Multipliers that fold the AAN output scaling into quantization. */
function divisors(quant: number[]): number[] {
  return quant.map(
    (value, i) => 1 / (value * AAN_SCALE[i >> 3]! * AAN_SCALE[i & 7]! * 8),
  )
}

/** A growing byte buffer with a bit writer that stuffs 0xFF bytes. */
class ByteWriter {
  bytes = new Uint8Array(1 << 15)
  length = 0
  private bitBuffer = 0
  private bitCount = 0

  byte(value: number): void {
    if (this.length === this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2)
      bigger.set(this.bytes)
      this.bytes = bigger
    }
    this.bytes[this.length++] = value
  }

  byteList(values: readonly number[]): void {
    for (const value of values) this.byte(value)
  }

  /** A marker segment: marker, length (its own two bytes counted), bytes. */
  segment(marker: number, values: readonly number[]): void {
    this.word(marker)
    this.word(2 + values.length)
    this.byteList(values)
  }

  word(value: number): void {
    this.byte((value >> 8) & 0xff)
    this.byte(value & 0xff)
  }

  bits(value: number, count: number): void {
    this.bitBuffer = (this.bitBuffer << count) | (value & ((1 << count) - 1))
    this.bitCount += count
    while (this.bitCount >= 8) {
      const byte = (this.bitBuffer >> (this.bitCount - 8)) & 0xff
      this.byte(byte)
      if (byte === 0xff) this.byte(0)
      this.bitCount -= 8
    }
    this.bitBuffer &= (1 << this.bitCount) - 1
  }

  /** Pads the last byte with 1 bits, as T.81 F.1.2.3 asks. */
  flushBits(): void {
    if (this.bitCount > 0) this.bits(0x7f, 8 - this.bitCount)
  }
}

/**
 * Encodes an RGB image as a baseline JFIF JPEG, YCbCr 4:2:0.
 */
export function encodeJpeg(image: RgbImage, quality: number): Uint8Array {
  const { width, height, data } = image
  const lumaQuant = scaleQuant(LUMA_QUANT, quality)
  const chromaQuant = scaleQuant(CHROMA_QUANT, quality)
  const lumaTables = {
    divisors: divisors(lumaQuant),
    dc: buildHuffmanTable(LUMA_DC),
    ac: buildHuffmanTable(LUMA_AC),
  }
  const chromaTables = {
    divisors: divisors(chromaQuant),
    dc: buildHuffmanTable(CHROMA_DC),
    ac: buildHuffmanTable(CHROMA_AC),
  }
  const out = new ByteWriter()

  out.word(0xffd8) // SOI
  // APP0: JFIF 1.1, no density, no thumbnail
  out.segment(0xffe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  // DQT: both tables, zigzag order
  const zigzag = (quant: number[]) => ZIGZAG.map((index) => quant[index]!)
  out.segment(0xffdb, [0, ...zigzag(lumaQuant), 1, ...zigzag(chromaQuant)])
  out.word(0xffc0) // SOF0
  out.word(17)
  out.byte(8)
  out.word(height)
  out.word(width)
  // Three components, each its ID, sampling factors and quantization table.
  out.byteList([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  const specs: Array<[number, HuffmanSpec]> = [
    [0x00, LUMA_DC],
    [0x10, LUMA_AC],
    [0x01, CHROMA_DC],
    [0x11, CHROMA_AC],
  ]
  out.segment(
    0xffc4, // DHT
    specs.flatMap(([id, spec]) => [id, ...spec.counts, ...spec.symbols]),
  )
  // SOS: three components, each its ID and Huffman tables (DC, AC); then the
  // whole spectral range (0 to 63) with no successive approximation.
  out.segment(0xffda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])

  // @note The colour planes are converted once, padded to whole 16x16
  // macroblocks by repeating the last row and column; chroma is the mean of
  // each 2x2 square (4:2:0).
  const paddedWidth = Math.ceil(width / 16) * 16
  const paddedHeight = Math.ceil(height / 16) * 16
  const luma = new Float64Array(paddedWidth * paddedHeight)
  const chromaWidth = paddedWidth / 2
  const blue = new Float64Array(chromaWidth * (paddedHeight / 2))
  const red = new Float64Array(chromaWidth * (paddedHeight / 2))
  for (let row = 0; row < paddedHeight; row++) {
    const sourceRow = Math.min(row, height - 1) * width
    const chromaRow = (row >> 1) * chromaWidth
    for (let col = 0; col < paddedWidth; col++) {
      const offset = (sourceRow + Math.min(col, width - 1)) * 3
      const r = data[offset]!
      const g = data[offset + 1]!
      const b = data[offset + 2]!
      luma[row * paddedWidth + col] = 0.299 * r + 0.587 * g + 0.114 * b - 128
      const chroma = chromaRow + (col >> 1)
      blue[chroma]! += (-0.168736 * r - 0.331264 * g + 0.5 * b) / 4
      red[chroma]! += (0.5 * r - 0.418688 * g - 0.081312 * b) / 4
    }
  }

  const block = new Float64Array(64)
  const quantized = new Int32Array(64)
  const predictions = [0, 0, 0]

  function copyBlock(
    plane: Float64Array,
    planeWidth: number,
    top: number,
    left: number,
  ): Float64Array {
    for (let row = 0; row < 8; row++) {
      const from = (top + row) * planeWidth + left
      block.set(plane.subarray(from, from + 8), row * 8)
    }
    return block
  }

  function encodeBlock(
    input: Float64Array,
    { divisors: divisor, dc, ac }: typeof lumaTables,
    component: number,
  ): void {
    forwardDct(input)
    for (let i = 0; i < 64; i++) {
      quantized[i] = Math.round(input[ZIGZAG[i]!]! * divisor[ZIGZAG[i]!]!)
    }
    const difference = quantized[0]! - predictions[component]!
    predictions[component] = quantized[0]!
    writeValue(dc, 0, difference)
    let run = 0
    for (let i = 1; i < 64; i++) {
      const value = quantized[i]!
      if (value === 0) {
        run++
        continue
      }
      while (run > 15) {
        out.bits(ac.codes[0xf0]!, ac.lengths[0xf0]!)
        run -= 16
      }
      writeValue(ac, run << 4, value)
      run = 0
    }
    if (run > 0) out.bits(ac.codes[0]!, ac.lengths[0]!)
  }

  /** Writes the Huffman code of `prefix | size` and the value's bits. */
  function writeValue(table: HuffmanTable, prefix: number, value: number) {
    // The bit length of the value's magnitude (0 for 0).
    const size = 32 - Math.clz32(Math.abs(value))
    const symbol = prefix | size
    out.bits(table.codes[symbol]!, table.lengths[symbol]!)
    if (size > 0) out.bits(value < 0 ? value - 1 : value, size)
  }

  for (let top = 0; top < height; top += 16) {
    for (let left = 0; left < width; left += 16) {
      for (let dy = 0; dy < 16; dy += 8) {
        for (let dx = 0; dx < 16; dx += 8) {
          const lumaBlock = copyBlock(luma, paddedWidth, top + dy, left + dx)
          encodeBlock(lumaBlock, lumaTables, 0)
        }
      }
      for (const [i, plane] of [blue, red].entries()) {
        const chromaBlock = copyBlock(plane, chromaWidth, top / 2, left / 2)
        encodeBlock(chromaBlock, chromaTables, i + 1)
      }
    }
  }
  out.flushBits()
  out.word(0xffd9) // EOI
  return out.bytes.slice(0, out.length)
}

/** The AAN forward DCT in place (unscaled: `divisors` scales it). */
function forwardDct(data: Float64Array): void {
  for (let pass = 0; pass < 2; pass++) {
    // Rows first (stride 1 within a row of 8), then columns (stride 8).
    const step = pass === 0 ? 8 : 1
    const stride = pass === 0 ? 1 : 8
    for (let line = 0; line < 8; line++) {
      const o = line * step
      const d0 = data[o]!
      const d1 = data[o + stride]!
      const d2 = data[o + 2 * stride]!
      const d3 = data[o + 3 * stride]!
      const d4 = data[o + 4 * stride]!
      const d5 = data[o + 5 * stride]!
      const d6 = data[o + 6 * stride]!
      const d7 = data[o + 7 * stride]!
      const tmp0 = d0 + d7
      const tmp7 = d0 - d7
      const tmp1 = d1 + d6
      const tmp6 = d1 - d6
      const tmp2 = d2 + d5
      const tmp5 = d2 - d5
      const tmp3 = d3 + d4
      const tmp4 = d3 - d4
      let tmp10 = tmp0 + tmp3
      const tmp13 = tmp0 - tmp3
      let tmp11 = tmp1 + tmp2
      let tmp12 = tmp1 - tmp2
      data[o] = tmp10 + tmp11
      data[o + 4 * stride] = tmp10 - tmp11
      const z1 = (tmp12 + tmp13) * 0.707106781
      data[o + 2 * stride] = tmp13 + z1
      data[o + 6 * stride] = tmp13 - z1
      tmp10 = tmp4 + tmp5
      tmp11 = tmp5 + tmp6
      tmp12 = tmp6 + tmp7
      const z5 = (tmp10 - tmp12) * 0.382683433
      const z2 = 0.5411961 * tmp10 + z5
      const z4 = 1.306562965 * tmp12 + z5
      const z3 = tmp11 * 0.707106781
      const z11 = tmp7 + z3
      const z13 = tmp7 - z3
      data[o + 5 * stride] = z13 + z2
      data[o + 3 * stride] = z13 - z2
      data[o + stride] = z11 + z4
      data[o + 7 * stride] = z11 - z4
    }
  }
}
