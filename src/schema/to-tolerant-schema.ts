import * as z from 'zod'
import { NULLABLE_FIELDS, OPTIONAL_FIELDS } from './tolerant-fields.js'

const cache = new WeakMap<z.core.$ZodType, z.ZodType>()

/**
 * What the real service may send as well: loose objects, `NULLABLE_FIELDS` null or absent, `OPTIONAL_FIELDS` absent.
 * Derived once from the strict schema and cached, so the two cannot drift.
 */
export function toTolerantSchema(schema: z.core.$ZodType): z.ZodType {
  const cached = cache.get(schema)
  if (cached !== undefined) return cached
  const tolerant = loosen(schema)
  cache.set(schema, tolerant)
  return tolerant
}

function loosen(schema: z.core.$ZodType): z.ZodType {
  const def = schema._zod.def
  switch (def.type) {
    case 'object': {
      const shape: Record<string, z.ZodType> = {}
      for (const [key, child] of Object.entries(
        (def as z.core.$ZodObjectDef).shape,
      )) {
        const loose = toTolerantSchema(child)
        shape[key] = NULLABLE_FIELDS.has(key)
          ? loose.nullable().optional()
          : OPTIONAL_FIELDS.has(key)
            ? loose.optional()
            : loose
      }
      return z.looseObject(shape)
    }
    case 'array':
      return z.array(toTolerantSchema((def as z.core.$ZodArrayDef).element))
    case 'union':
      return z.union((def as z.core.$ZodUnionDef).options.map(toTolerantSchema))
    case 'optional':
    case 'nullable': {
      const inner = toTolerantSchema((def as z.core.$ZodOptionalDef).innerType)
      return def.type === 'optional' ? inner.optional() : inner.nullable()
    }
    default:
      return schema as z.ZodType
  }
}
