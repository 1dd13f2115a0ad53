/** 2^32 divided by the golden ratio: multiplying by it spreads a seed's bits. */
export const GOLDEN_RATIO_32 = 0x9e3779b1

/**
 * The murmur3 finalizer: a bijection on 32-bit words with full avalanche, so
 * seeds that differ in one bit give unrelated words.
 */
export function mix32(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * The inverse of {@link mix32}: `unmix32(mix32(x)) === x >>> 0`, so a value
 * mixed into a public ID can be read back from it.
 */
export function unmix32(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x7ed1b41d)
  hash ^= (hash >>> 13) ^ (hash >>> 26)
  hash = Math.imul(hash, 0xa5cb9243)
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * One 32-bit seed for stream `stream` of `seed`, so that each stream (a
 * scenario, say) draws its own sequence and the streams of one seed differ.
 */
export function combineSeeds(seed: number, stream: number): number {
  return (
    (Math.imul(seed, GOLDEN_RATIO_32) + Math.imul(stream, 0x85ebca6b)) >>> 0
  )
}
