import { hashText } from '../random/hash-text.js'

/**
 * The item a key maps to, the same for the same key and list in every
 * runtime: the key's FNV-1a hash modulo the list's length.
 */
export function pickByHash<Item>(items: readonly Item[], key: string): Item {
  if (items.length === 0) {
    throw new RangeError('Failed to pick media: the list is empty.')
  }
  return items[hashText(key) % items.length]!
}
