import type { ListOrder } from './api-context.js'

/** `item` may be a view computed for that instant; `[from, until)` is the span in which it stays so. */
export type ListItemAt<Served> =
  | { visible: true; content: Served; from: number; until: number }
  | { visible: false; from: number; until: number }

/** Extra items come from a source that is a function of time (the live stream). */
interface ListAtTime<Item, Served> {
  now: number
  resolve(item: Item, now: number): ListItemAt<Served>
  extra?: {
    key: object
    items: ReadonlyMap<string, Item>
    from: number
    until: number
  }
  /** A stored record wins over the extra item of the same ID, also when it moved elsewhere. */
  stored?: ReadonlyMap<string, unknown>
}

interface CachedBody {
  version: number
  order: ListOrder
  body: string
  from: number
  until: number
}

const bodies = new WeakMap<object, CachedBody>()
const EMPTY_LIST = '{"data":[],"meta":{"total":0}}'

/**
 * `{"data":[…],"meta":{"total":n}}`, sorted by `created_at` with ties broken by ID.
 * @note Cached until the index `version` moves on or the clock leaves the span in which no item changes.
 */
export function createListBody<Item extends { created_at: string }, Served>(
  items: ReadonlyMap<string, Item> | undefined,
  version: number,
  order: ListOrder,
  serialize: (item: Served) => string,
  at?: ListAtTime<Item, Served>,
): string {
  const extra = at?.extra
  const key = items ?? extra?.key
  if (key === undefined) return EMPTY_LIST
  if (items?.size === 0 && (extra === undefined || extra.items.size === 0)) {
    return EMPTY_LIST
  }
  const now = at?.now ?? 0
  const cachedBody = bodies.get(key)
  if (
    cachedBody?.version === version &&
    cachedBody.order === order &&
    cachedBody.from <= now &&
    now < cachedBody.until
  ) {
    return cachedBody.body
  }

  let from = extra?.from ?? -Infinity
  let until = extra?.until ?? Infinity
  const entries: Array<{ id: string; item: Served; time: number }> = []
  const add = (id: string, item: Item) => {
    const state = at?.resolve(item, now) ?? {
      visible: true,
      content: item as unknown as Served,
      from,
      until,
    }
    from = Math.max(from, state.from)
    until = Math.min(until, state.until)
    if (state.visible) {
      entries.push({
        id,
        item: state.content,
        time: Date.parse(item.created_at),
      })
    }
  }
  items?.forEach((item, id) => add(id, item))
  const stored = at?.stored ?? items
  extra?.items.forEach((item, id) => {
    // @note A stored record wins over the stream's record of the same ID.
    if (stored?.has(id) !== true) add(id, item)
  })

  const direction = order === 'newest-first' ? -1 : 1
  entries.sort(
    (a, b) =>
      (a.time - b.time) * direction || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  let data = ''
  for (const { item } of entries) {
    data += data === '' ? serialize(item) : `,${serialize(item)}`
  }
  const body = `{"data":[${data}],"meta":{"total":${entries.length}}}`
  bodies.set(key, { version, order, body, from, until })
  return body
}
