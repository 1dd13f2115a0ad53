import type { ListOrder } from './api-context.js'

interface CachedBody {
  version: number
  order: ListOrder
  body: string
}

const bodies = new WeakMap<object, CachedBody>()

/**
 * The JSON body of a list response, `{"data":[…],"meta":{"total":n}}`,
 * sorted by `created_at` in the given order with ties broken by ID.
 * @note The body is cached per source map and rebuilt only after the dataset
 * changed (its index `version` moved on), so a list costs one lookup.
 * @example
 * createListBody(index.contentsByProject.get(id), index.version, 'newest-first', serializeContentListItem)
 */
export function createListBody<Item extends { created_at: string }>(
  items: ReadonlyMap<string, Item> | undefined,
  version: number,
  order: ListOrder,
  serialize: (item: Item) => string,
): string {
  if (items === undefined || items.size === 0) {
    return '{"data":[],"meta":{"total":0}}'
  }
  const cachedBody = bodies.get(items)
  if (cachedBody?.version === version && cachedBody.order === order) {
    return cachedBody.body
  }
  const direction = order === 'newest-first' ? -1 : 1
  const entries = Array.from(items, ([id, item]) => ({
    id,
    item,
    time: Date.parse(item.created_at),
  }))
  entries.sort(
    (a, b) =>
      (a.time - b.time) * direction || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  let data = ''
  for (const { item } of entries) {
    data += data === '' ? serialize(item) : `,${serialize(item)}`
  }
  const body = `{"data":[${data}],"meta":{"total":${entries.length}}}`
  bodies.set(items, { version, order, body })
  return body
}
