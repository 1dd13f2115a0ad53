// The statistics every bench script reports: medians of rounds, and the
// median of each round's own ratio to its baseline.

/** The median of numbers (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/**
 * The median of each round's ratio of `times` to `baselines` (the same
 * round's): steadier than the ratio of their medians when the machine's
 * load, GC or the JIT move between rounds.
 */
export function medianRatio(times, baselines) {
  return median(times.map((time, round) => time / baselines[round]))
}
