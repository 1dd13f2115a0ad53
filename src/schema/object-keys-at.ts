import type * as z from 'zod'
import { unwrapSchema } from './unwrap-schema.js'

/**
 * The keys that the object schema at `path` of `schema` names, in schema
 * order, walking through arrays (number segments) and optional wrappers;
 * `undefined` where the path leaves the object schemas (a record,
 * `unknown`, …).
 */
export function objectKeysAt(
  schema: z.core.$ZodType,
  path: readonly PropertyKey[],
): readonly string[] | undefined {
  let current = unwrapSchema(schema).inner
  for (const segment of path) {
    const def = current._zod.def
    let next: z.core.$ZodType | undefined
    if (def.type === 'array' && typeof segment === 'number') {
      next = (def as z.core.$ZodArrayDef).element
    } else if (def.type === 'object' && typeof segment === 'string') {
      next = (def as z.core.$ZodObjectDef).shape[segment]
    }
    if (next === undefined) return undefined
    current = unwrapSchema(next).inner
  }
  const def = current._zod.def
  return def.type === 'object'
    ? Object.keys((def as z.core.$ZodObjectDef).shape)
    : undefined
}
