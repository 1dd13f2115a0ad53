/**
 * A seeded sequence of 32-bit words (mulberry32): small, fast, and the same
 * sequence for the same seed on every machine.
 * @example
 * const next = createSeededWords(7)
 * next() % 6 // one of six, every time the same
 */
export function createSeededWords(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/**
 * A seeded sequence of numbers in [0, 1): `createSeededWords`' words over
 * 2^32, for forced outcomes, latencies and variants.
 * @example
 * const random = createSeededRandom(42)
 * random() // 0.6011037519201636, every time
 */
export function createSeededRandom(seed: number): () => number {
  const next = createSeededWords(seed)
  return () => next() / 4294967296
}
