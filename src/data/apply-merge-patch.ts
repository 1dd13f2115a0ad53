import { setOwnField } from './set-own-field.js'
import { isJsonRecord } from './is-json-record.js'

/**
 * Applies a JSON merge patch (RFC 7396) to a value and returns the result,
 * leaving both unchanged: objects merge key by key, recursively; `null`
 * removes a key; anything else (an array, a string, a number, a boolean)
 * replaces the value it lands on. A patch that is not an object replaces the
 * whole target. The result shares nothing with the patch.
 * @note The RFC's algorithm is a dozen lines, so it is written here rather
 * than taken from a package: those on npm change their target in place (the
 * dataset's records are frozen) and some let a `__proto__` key reach
 * `Object.prototype`. Here every key, `__proto__` too, becomes an own
 * property of a new object. A key whose value is `undefined` (a JavaScript
 * caller's, never JSON's) is left alone, as `JSON.stringify` would drop it.
 * @see https://www.rfc-editor.org/rfc/rfc7396
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonRecord(patch)) return copyJson(patch)
  const result: Record<string, unknown> = {}
  if (isJsonRecord(target)) {
    for (const key of Object.keys(target)) {
      setOwnField(result, key, copyJson(target[key]))
    }
  }
  for (const key of Object.keys(patch)) {
    const value = patch[key]
    if (value === undefined) continue
    if (value === null) {
      delete result[key]
      continue
    }
    const current = Object.hasOwn(result, key) ? result[key] : undefined
    setOwnField(result, key, applyMergePatch(current, value))
  }
  return result
}

/** A deep copy of a JSON value, every key kept as an own property. */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson)
  if (!isJsonRecord(value)) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value))
    setOwnField(copy, key, copyJson(value[key]))
  return copy
}
