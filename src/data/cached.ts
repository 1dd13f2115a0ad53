/** The value `cache` holds for `key`, made by `create` on the first call. */
export function cached<Key, Value>(
  cache: {
    get(key: Key): Value | undefined
    set(key: Key, value: Value): unknown
  },
  key: Key,
  create: () => Value,
): Value {
  let value = cache.get(key)
  if (value === undefined) {
    value = create()
    cache.set(key, value)
  }
  return value
}
