import { findTooDeepPath } from '../schema/find-too-deep-path.js'
import { isJsonRecord } from './is-json-record.js'

/**
 * `findTooDeepPath` of a document, written as steps for `runInSlices`: a
 * record of each top-level list at a time, with the same result.
 * @note In one step, a large document would hold the loop of a server that
 * reloads it (`--watch`).
 */
export function* findTooDeepPathInSteps(
  input: unknown,
): Generator<void, PropertyKey[] | undefined> {
  if (!isJsonRecord(input)) return findTooDeepPath(input)
  for (const [key, value] of Object.entries(input)) {
    if (!Array.isArray(value)) {
      const path = findTooDeepPath(value, { startDepth: 2 })
      if (path !== undefined) return [key, ...path]
      continue
    }
    for (const [i, record] of value.entries()) {
      const path = findTooDeepPath(record, { startDepth: 3 })
      if (path !== undefined) return [key, i, ...path]
      yield
    }
  }
  return undefined
}
