import { mix32 } from './mix-seeds.js'

/**
 * sfc32, reseeded with safe integers (each split into two words) once per
 * record: a reseed costs a few multiplications, so a stream per record is cheap
 */
export function createSfc32() {
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  return {
    next32,
    seed(values: readonly number[]) {
      a = 0x243f6a88
      b = 0x85a308d3
      c = 0x13198a2e
      d = 1
      for (const value of values) {
        const low = value >>> 0
        const high = Math.floor(value / 4294967296) | 0
        a = mix32(mix32(a ^ high) ^ low)
        b = mix32(mix32(b ^ low) ^ high)
        c = mix32(mix32(c ^ high) ^ low ^ 0x9e3779b9)
      }
      for (let round = 0; round < 12; round++) next32()
    },
  }
}
