import { setOwnField } from './set-own-field.js'
import { isJsonRecord } from './is-json-record.js'

/**
 * Returns the result, leaving both unchanged and sharing nothing with the patch.
 * @note Not from npm: those packages change their target in place (the records are frozen) and some let a
 * `__proto__` key reach `Object.prototype`. A key whose value is `undefined` is left alone, as JSON would drop it.
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
  for (const [key, value] of Object.entries(patch)) {
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

/** Every key, `__proto__` too, kept as an own property. */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson)
  if (!isJsonRecord(value)) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value))
    setOwnField(copy, key, copyJson(value[key]))
  return copy
}
