/**
 * The candidate a word is most likely a slip of: the same but for case, or
 * at most two edits away (a transposition counts as one) and less than half
 * its length. For "did you mean" hints.
 */
export function findCloseMatch(
  word: string,
  candidates: readonly string[],
): string | undefined {
  const lower = word.toLowerCase()
  let best: string | undefined
  let bestDistance = Math.min(2, Math.ceil(word.length / 2) - 1)
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase())
    if (distance <= bestDistance) {
      best = candidate
      bestDistance = distance - 1
    }
  }
  return best
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions, transpositions. */
function editDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    rows.push(row)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(
        rows[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        rows[i - 1]![j - 1]! + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1)
      }
      row.push(distance)
    }
  }
  return rows[a.length]![b.length]!
}
