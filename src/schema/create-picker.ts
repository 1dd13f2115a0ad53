import type * as z from 'zod'
import { unwrapSchema } from './unwrap-schema.js'

type Pick = (value: unknown) => unknown

const PRIMITIVE_TYPES = new Set(
  'string number int boolean bigint literal enum null'.split(' '),
)

/**
 * Copies the fields a schema names, in schema order, out of a value known to fit (no validation).
 * @note Compiled once per schema; values of other schemas are deep-copied, so a copy shares nothing mutable.
 */
export function createPicker<Schema extends z.core.$ZodType>(
  schema: Schema,
): (value: z.output<Schema>) => z.output<Schema> {
  const pick = compile(schema) ?? ((value: unknown) => value)
  return pick as (value: z.output<Schema>) => z.output<Schema>
}

/** `undefined` for a value copied as it is (a primitive). */
function compile(schema: z.core.$ZodType): Pick | undefined {
  const { inner, nullable } = unwrapSchema(schema)
  const def = inner._zod.def
  let pick: Pick
  if (def.type === 'object') {
    pick = compileObject((def as z.core.$ZodObjectDef).shape)
  } else if (def.type === 'array') {
    const element = compile((def as z.core.$ZodArrayDef).element)
    pick =
      element === undefined
        ? (value) => [...(value as unknown[])]
        : (value) => (value as unknown[]).map(element)
  } else {
    return PRIMITIVE_TYPES.has(def.type) ? undefined : copyValue
  }
  return nullable ? (value) => (value === null ? null : pick(value)) : pick
}

function compileObject(shape: Readonly<Record<string, z.core.$ZodType>>): Pick {
  const keys = Object.keys(shape)
  const picks = keys.map((key) => compile(shape[key]!))
  return (value) => {
    const source = value as Record<string, unknown>
    const result: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!
      const field = source[key]
      if (field === undefined) continue
      const pick = picks[i]
      result[key] = pick === undefined ? field : pick(field)
    }
    return result
  }
}

function copyValue(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? structuredClone(value)
    : value
}
