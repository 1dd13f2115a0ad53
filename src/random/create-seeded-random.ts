/** What mulberry32 adds to its state at each draw. */
const MULBERRY_STEP = 0x6d2b79f5

/**
 * A seeded sequence of 32-bit words (mulberry32): small, fast, and the same
 * sequence for the same seed on every machine.
 */
export function createSeededWords(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + MULBERRY_STEP) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/**
 * A seeded sequence of numbers in [0, 1): `createSeededWords`' words over
 * 2^32, for forced outcomes, latencies and variants.
 */
export function createSeededRandom(seed: number): () => number {
  const next = createSeededWords(seed)
  return () => next() / 4294967296
}

/**
 * `createSeededRandom`'s sequence as a stream that knows how far it has
 * drawn, and can be put at any draw at once: two copies of a mock share
 * where a scenario's draws stand (replicas of a fleet).
 */
export function createSeededStream(seed: number): {
  next(): number
  readonly position: number
  seek(position: number): void
} {
  let position = 0
  let state = seed >>> 0
  return {
    next() {
      position++
      state = (state + MULBERRY_STEP) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    },
    get position() {
      return position
    },
    seek(to) {
      position = to
      // Each draw adds the step: after `to` draws the state is seed + to × step.
      state = ((seed >>> 0) + Math.imul(to, MULBERRY_STEP)) >>> 0
    },
  }
}
