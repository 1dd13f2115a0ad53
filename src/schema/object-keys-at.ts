import type * as z from 'zod'
import { unwrapSchema } from './unwrap-schema.js'

/**
 * The keys of the object schema at `path`, in schema order, through arrays
 * (number segments), wrappers and the object member of a union; `undefined`
 * where the path leaves the object schemas (a record, `unknown`, …).
 */
export function objectKeysAt(
  schema: z.core.$ZodType,
  path: readonly PropertyKey[],
): readonly string[] | undefined {
  let current = unwrapToObject(schema)
  for (const segment of path) {
    const def = current._zod.def
    let next: z.core.$ZodType | undefined
    if (def.type === 'array' && typeof segment === 'number') {
      next = (def as z.core.$ZodArrayDef).element
    } else if (def.type === 'object' && typeof segment === 'string') {
      next = (def as z.core.$ZodObjectDef).shape[segment]
    }
    if (next === undefined) return undefined
    current = unwrapToObject(next)
  }
  const def = current._zod.def
  return def.type === 'object'
    ? Object.keys((def as z.core.$ZodObjectDef).shape)
    : undefined
}

function unwrapToObject(schema: z.core.$ZodType): z.core.$ZodType {
  const inner = unwrapSchema(schema).inner
  if (inner._zod.def.type !== 'union') return inner
  const options = (inner._zod.def as z.core.$ZodUnionDef).options
  return (
    options
      .map((option) => unwrapSchema(option).inner)
      .find((option) => option._zod.def.type === 'object') ?? inner
  )
}
