import * as z from 'zod'
import { NULLABLE_FIELDS, OPTIONAL_FIELDS } from './tolerant-fields.js'

const cache = new WeakMap<z.core.$ZodType, z.ZodType>()

/**
 * The tolerant twin of a response schema: what the real service may send as
 * well, as `createTolerantOpenApiDocument` describes it. Every object keeps
 * unknown keys (`z.looseObject`), the `NULLABLE_FIELDS` may be `null` or
 * absent and the other `OPTIONAL_FIELDS` (an error's `message`) absent.
 * Derived from the strict schema once and cached, so the two cannot drift.
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
      return z.union(
        (def as z.core.$ZodUnionDef).options.map((option) =>
          toTolerantSchema(option),
        ),
      )
    case 'optional':
      return toTolerantSchema(
        (def as z.core.$ZodOptionalDef).innerType,
      ).optional()
    case 'nullable':
      return toTolerantSchema(
        (def as z.core.$ZodNullableDef).innerType,
      ).nullable()
    default:
      return schema as z.ZodType
  }
}
