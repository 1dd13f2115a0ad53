import type * as z from 'zod'

const WRAPPER_TYPES = new Set(['optional', 'nullable', 'readonly', 'default'])

/**
 * The schema inside `.optional()`, `.nullable()`, `.readonly()` and
 * `.default()` wrappers, and whether one of them lets `null` through: what a
 * walker of object shapes needs to see through a field's modifiers.
 */
export function unwrapSchema(schema: z.core.$ZodType) {
  let inner = schema
  let nullable = false
  while (WRAPPER_TYPES.has(inner._zod.def.type)) {
    if (inner._zod.def.type === 'nullable') nullable = true
    inner = (inner._zod.def as z.core.$ZodOptionalDef).innerType
  }
  return { inner, nullable }
}
