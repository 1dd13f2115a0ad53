/** 2^32 over the golden ratio: multiplying by it spreads a seed's bits. */
export const GOLDEN_RATIO_32 = 0x9e3779b1

/** murmur3's finalizer: seeds one bit apart give unrelated words. */
export function mix32(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/** `unmix32(mix32(x)) === x >>> 0`: a value mixed into an ID reads back. */
export function unmix32(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x7ed1b41d)
  hash ^= (hash >>> 13) ^ (hash >>> 26)
  hash = Math.imul(hash, 0xa5cb9243)
  hash ^= hash >>> 16
  return hash >>> 0
}

/** A seed per stream (a scenario, say), so that a seed's streams differ. */
export function combineSeeds(seed: number, stream: number): number {
  return (
    (Math.imul(seed, GOLDEN_RATIO_32) + Math.imul(stream, 0x85ebca6b)) >>> 0
  )
}
