import type * as z from 'zod'
import { unwrapSchema } from './unwrap-schema.js'

type Pick = (value: unknown) => unknown

const PRIMITIVE_TYPES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'literal',
  'enum',
  'null',
])

/**
 * Compiles a function that copies the fields a zod schema names out of a
 * value that may hold more: the keys of each object schema in schema order,
 * recursing into nested objects and arrays, leaving out keys whose value is
 * `undefined`. It does not validate; it is for values already known to fit,
 * such as records of the dataset, to be written out as a response or a
 * fixture document without listing their fields a second time.
 * @note Compiled once per schema: each call walks precomputed key lists, not
 * the schema. Values of other schemas (records, `unknown`, unions) are
 * deep-copied when they are objects, so a copy shares nothing mutable with
 * its source.
 */
export function createPicker<Schema extends z.core.$ZodType>(
  schema: Schema,
): (value: z.output<Schema>) => z.output<Schema> {
  const pick = compile(schema) ?? ((value: unknown) => value)
  return pick as (value: z.output<Schema>) => z.output<Schema>
}

/**
 * `undefined` for a value copied as it is (a primitive); otherwise the
 * function that copies it.
 */
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
