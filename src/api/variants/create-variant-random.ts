import { createSeededRandom } from '../../random/create-seeded-random.js'
import { GOLDEN_RATIO_32 } from '../../random/mix-seeds.js'
import { FNV_OFFSET_BASIS, hashText } from '../../random/hash-text.js'

/**
 * The draws of one variant for one record (or one request path): a seeded
 * sequence from the mock's seed, the variant's name and the ID alone, so the
 * same seed gives the same bytes and a record's draws never depend on the
 * others.
 */
export function createVariantRandom(
  seed: number,
  variant: string,
  id: string,
): () => number {
  const keyed = FNV_OFFSET_BASIS ^ Math.imul(seed | 0, GOLDEN_RATIO_32)
  return createSeededRandom(hashText(`${variant}\u0000${id}`, keyed))
}
