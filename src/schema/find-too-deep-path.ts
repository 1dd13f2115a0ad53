/**
 * Levels of objects and arrays a JSON value the mock reads may nest (a document is level 1).
 * @note RFC 8259 lets a parser limit nesting: the recursive steps after validation then stay far from the stack's end.
 */
export const MAX_NESTING_DEPTH = 100

export const TOO_DEEP_MESSAGE = `nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep, more than the mock reads; flatten this value`

/** `startDepth`: 1 for a document, 3 for a record. A stack of its own, so any depth is safe to check. */
export function findTooDeepPath(
  value: unknown,
  { startDepth = 1 } = {},
): PropertyKey[] | undefined {
  // Counting levels costs no path bookkeeping (bench/depth.js); the path is looked for once something is.
  if (!isTooDeep(value, startDepth)) return undefined
  return findPath(value, startDepth)
}

function isTooDeep(value: unknown, startDepth: number) {
  const values: unknown[] = [value]
  const depths: number[] = [startDepth]
  while (values.length > 0) {
    const current = values.pop()
    const depth = depths.pop()!
    if (typeof current !== 'object' || current === null) continue
    if (depth > MAX_NESTING_DEPTH) return true
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        values.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}

function findPath(
  value: unknown,
  startDepth: number,
): PropertyKey[] | undefined {
  interface Visit {
    value: unknown
    depth: number
    key: PropertyKey | undefined
    parent: Visit | undefined
  }
  const pending: Visit[] = [
    { value, depth: startDepth, key: undefined, parent: undefined },
  ]
  while (pending.length > 0) {
    const visit = pending.pop()!
    if (typeof visit.value !== 'object' || visit.value === null) continue
    if (visit.depth > MAX_NESTING_DEPTH) return pathOf(visit)
    const children = visit.value as Record<PropertyKey, unknown>
    const keys: PropertyKey[] = Array.isArray(children)
      ? children.map((_, index) => index)
      : Object.keys(children)
    // Pushed last to first, so the first key is visited first.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!
      const child = children[key]
      if (typeof child !== 'object' || child === null) continue
      pending.push({ value: child, depth: visit.depth + 1, key, parent: visit })
    }
  }
  return undefined

  function pathOf(visit: Visit): PropertyKey[] {
    const path: PropertyKey[] = []
    for (let at: Visit | undefined = visit; at?.key !== undefined;) {
      path.push(at.key)
      at = at.parent
    }
    return path.reverse()
  }
}
