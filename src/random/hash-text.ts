/** 32-bit FNV-1a's offset basis. */
export const FNV_OFFSET_BASIS = 0x811c9dc5

/** The same number per text in every runtime, to spread IDs (not for security). */
export function hashText(text: string, start = FNV_OFFSET_BASIS): number {
  let hash = start
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  }
  return hash >>> 0
}
