/**
 * A small, fast pseudo-random source (mulberry32) for forced outcomes and
 * latencies: the same seed replays the same sequence on every machine.
 * @example
 * const random = createSeededRandom(42)
 * random() // 0.6011037519201636, every time
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
