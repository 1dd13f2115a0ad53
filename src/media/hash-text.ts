/**
 * FNV-1a, 32 bits, over the UTF-16 code units of a text: a stable number per
 * text, the same in every runtime, for picking media by ID.
 * @note Not for security: only to spread IDs evenly and deterministically.
 * @example
 * hashText('mov_1') % 6 // which of six clips
 */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
