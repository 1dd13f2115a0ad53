/**
 * The value at `path` inside a parsed JSON value, or `undefined` where the
 * path leaves the objects and arrays.
 */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[segment]
  }
  return current
}
