const MULBERRY_STEP = 0x6d2b79f5

/** mulberry32's 32-bit words: the same sequence for a seed on every machine. */
export function createSeededWords(seed: number): () => number {
  return createSeededStream(seed).nextWord
}

/** Numbers in [0, 1), for forced outcomes, latencies and variants. */
export function createSeededRandom(seed: number): () => number {
  return createSeededStream(seed).next
}

/** Can be put at any draw at once, so fleet replicas share where a scenario's draws stand. */
export function createSeededStream(seed: number) {
  let position = 0
  let state = seed >>> 0
  const nextWord = (): number => {
    position++
    state = (state + MULBERRY_STEP) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  return {
    nextWord,
    next: () => nextWord() / 4294967296,
    get position() {
      return position
    },
    seek(to: number) {
      position = to
      // Each draw adds the step: after `to` draws the state is seed + to × step.
      state = ((seed >>> 0) + Math.imul(to, MULBERRY_STEP)) >>> 0
    },
  }
}
