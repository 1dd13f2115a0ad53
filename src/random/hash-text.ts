/** The offset basis of 32-bit FNV-1a, where a hash of a text starts. */
export const FNV_OFFSET_BASIS = 0x811c9dc5

/**
 * FNV-1a, 32 bits, over the UTF-16 code units of a text: a stable number per
 * text, the same in every runtime. Not for security: it spreads IDs evenly
 * and deterministically. `start` keys the hash (a seed mixed into the basis).
 */
export function hashText(text: string, start = FNV_OFFSET_BASIS): number {
  let hash = start
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  }
  return hash >>> 0
}
