import { createSeededRandom } from '../traffic/create-seeded-random.js'

/**
 * The draws of one variant for one record (or one request path): a seeded
 * sequence from the mock's seed, the variant's name and the ID alone, so the
 * same seed gives the same bytes and a record's draws never depend on the
 * others.
 * @example
 * const random = createVariantRandom(1, 'nullable', 'p1')
 * random() < 0.5
 */
export function createVariantRandom(
  seed: number,
  variant: string,
  id: string,
): () => number {
  // @note FNV-1a over the variant and ID, mixed with the seed.
  let hash = 0x811c9dc5 ^ Math.imul(seed | 0, 0x9e3779b1)
  const text = `${variant}\u0000${id}`
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  }
  return createSeededRandom(hash >>> 0)
}
