/**
 * Freezes a value and everything it holds, in place, and returns it.
 * @note A frozen value is skipped with what it holds: records are frozen
 * whole, so a frozen object's children are frozen too.
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
