import { hashText } from '../random/hash-text.js'

/** The same item for the same key in every runtime: FNV-1a modulo length. */
export function pickByHash<Item>(items: readonly Item[], key: string): Item {
  if (items.length === 0) {
    throw new RangeError('Failed to pick media: the list is empty.')
  }
  return items[hashText(key) % items.length]!
}
