import type * as z from 'zod'
import { unwrapSchema } from '../../schema/unwrap-schema.js'
import { cached } from '../cached.js'
import type { RecordKind } from './record-kinds.js'

/**
 * The type of a field a record list can be filtered by.
 */
type RecordFilterType = 'string' | 'number' | 'boolean'

const FILTER_TYPES = new Set<string>(['string', 'number', 'boolean'])
const fieldsByKind = new WeakMap<
  RecordKind,
  ReadonlyMap<string, RecordFilterType>
>()

/**
 * The fields of a kind's records that `list()` and `GET /__mock/<kind>` can
 * filter by: those whose schema is a string, a number or a boolean (or a
 * union of one of them, as a time that may be a story offset), in schema
 * order, with their types.
 */
export function recordFilterFields(
  kind: RecordKind,
): ReadonlyMap<string, RecordFilterType> {
  return cached(fieldsByKind, kind, () => {
    const fields = new Map<string, RecordFilterType>()
    for (const [field, schema] of Object.entries(kind.schema.shape)) {
      const type = typeOf(unwrapSchema(schema).inner)
      if (FILTER_TYPES.has(type)) fields.set(field, type as RecordFilterType)
    }
    return fields
  })
}

/** A schema's type; a union's when all its options have the same. */
function typeOf(schema: z.core.$ZodType): string {
  const { def } = schema._zod
  if (def.type !== 'union') return def.type
  const types = new Set((def as z.core.$ZodUnionDef).options.map(typeOf))
  return types.size === 1 ? [...types][0]! : 'union'
}
