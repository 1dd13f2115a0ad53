import * as z from 'zod'
import { cached } from '../data/cached.js'
import { isJsonRecord } from '../data/is-json-record.js'
import type { DriftKind } from './drift-kinds.js'
import { isUnusualText } from './is-unusual-text.js'

/** One place where a JSON value differs from a strict schema. */
export interface ShapeDrift {
  kind: Extract<
    DriftKind,
    'unknown-field' | 'null-or-absent' | 'field-type' | 'unusual-text'
  >
  /** Where, as `data[0].description`; `''` for the whole body. */
  at: string
  detail: string
}

/**
 * Every place `value` differs from a strict response schema
 * ({@link walkShapeDrift}), and whether the schema's exact twin took it
 * (`toExactSchema`): then the strict schema and its tolerant twin do too.
 * @note Most answers differ nowhere, so one zod parse with the exact twin
 * goes first, and the walk runs only when it fails or a text is unusual
 * (bench/README.md, "Verify").
 */
export function checkShape(
  schema: z.core.$ZodType,
  value: unknown,
): { exact: boolean; drift: ShapeDrift[] } {
  const exact = toExactSchema(schema).safeParse(value).success
  if (exact && !holdsUnusualText(value)) return { exact, drift: [] }
  return { exact, drift: walkShapeDrift(schema, value) }
}

/**
 * Every place `value` differs from a strict schema, by kind: keys it does
 * not name, named keys `null` or absent, values of another type or format,
 * text a client may not expect (`isUnusualText`). A record or `unknown` in
 * the schema takes anything.
 * @note zod's own parse strips unknown keys and stops at the first union
 * that fits; a drift report needs every place.
 */
export function walkShapeDrift(
  schema: z.core.$ZodType,
  value: unknown,
  at = '',
): ShapeDrift[] {
  const found: ShapeDrift[] = []
  walk(schema, value, at, found)
  return found
}

function walk(
  schema: z.core.$ZodType,
  value: unknown,
  at: string,
  found: ShapeDrift[],
): void {
  const def = schema._zod.def
  switch (def.type) {
    case 'object':
      walkObject(schema, value, at, found)
      return
    case 'array': {
      if (!Array.isArray(value)) {
        found.push(typeDrift(at, 'an array', value))
        return
      }
      const element = (def as z.core.$ZodArrayDef).element
      value.forEach((item, index) =>
        walk(element, item, `${at}[${index}]`, found),
      )
      return
    }
    case 'union': {
      // The option with the fewest differences (the exact parse ran once).
      let best: ShapeDrift[] | undefined
      for (const option of (def as z.core.$ZodUnionDef).options) {
        const drift = walkShapeDrift(option, value, at)
        if (best === undefined || drift.length < best.length) best = drift
      }
      found.push(...(best ?? []))
      return
    }
    case 'record':
    case 'unknown':
    case 'any':
      return
    default: {
      const result = (schema as z.ZodType).safeParse(value)
      if (!result.success) {
        found.push({
          kind: 'field-type',
          at,
          detail: `${JSON.stringify(value)?.slice(0, 80)}: ${result.error.issues[0]?.message ?? 'invalid'}`,
        })
      } else if (typeof value === 'string' && isUnusualText(value)) {
        found.push({
          kind: 'unusual-text',
          at,
          detail: `${JSON.stringify(Array.from(value).slice(0, 24).join(''))}${value.length > 24 ? '…' : ''}`,
        })
      }
    }
  }
}

/** Each named key `null`, absent or walked; each other key unknown. */
function walkObject(
  schema: z.core.$ZodType,
  value: unknown,
  at: string,
  found: ShapeDrift[],
): void {
  if (!isJsonRecord(value)) {
    found.push(typeDrift(at, 'an object', value))
    return
  }
  const { entries, keys } = readShape(schema)
  for (const [key, child] of entries) {
    const where = join(at, key)
    const field = Object.hasOwn(value, key) ? value[key] : undefined
    if (field == null) {
      found.push({
        kind: 'null-or-absent',
        at: where,
        detail: field === null ? 'null' : 'absent',
      })
    } else {
      walk(child, field, where, found)
    }
  }
  for (const key of Object.keys(value)) {
    if (!keys.has(key)) {
      found.push({
        kind: 'unknown-field',
        at: join(at, key),
        detail: 'not in the spec',
      })
    }
  }
}

const shapes = new WeakMap<
  z.core.$ZodType,
  { entries: Array<[string, z.core.$ZodType]>; keys: Set<string> }
>()

// Once per schema: zod computes `shape` on each read, a long list's walk
// would read it for every item.
function readShape(schema: z.core.$ZodType) {
  return cached(shapes, schema, () => {
    const entries = Object.entries(
      (schema._zod.def as z.core.$ZodObjectDef).shape,
    )
    return { entries, keys: new Set(entries.map(([key]) => key)) }
  })
}

function typeDrift(at: string, expected: string, value: unknown): ShapeDrift {
  const got = Array.isArray(value) ? 'an array' : typeof value
  return { kind: 'field-type', at, detail: `expected ${expected}, got ${got}` }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`
}

const exactSchemas = new WeakMap<z.core.$ZodType, z.ZodType>()

/**
 * A schema that takes a value only where the walk would find no difference:
 * objects strict, their fields neither `null` nor absent, arrays and unions
 * built the same way. Where it refuses more than the walk would (an object
 * in an optional field, a non-object where a record is), the walk decides.
 * @note It takes nothing the strict schema refuses (response schemas have
 * no refinements), so nothing their tolerant twins refuse.
 */
function toExactSchema(schema: z.core.$ZodType): z.ZodType {
  return cached(exactSchemas, schema, () => deriveExact(schema))
}

function deriveExact(schema: z.core.$ZodType): z.ZodType {
  const def = schema._zod.def
  switch (def.type) {
    case 'object': {
      const shape: Record<string, z.ZodType> = {}
      for (const [key, child] of readShape(schema).entries) {
        const exact = toExactSchema(child)
        const takesNullish =
          exact.safeParse(null).success || exact.safeParse(undefined).success
        // @note Not `exact.refine(…)`: zod skips an optional schema's
        // refinements when its key is absent.
        shape[key] = takesNullish
          ? z.custom((field) => field != null && exact.safeParse(field).success)
          : exact
      }
      return z.strictObject(shape)
    }
    case 'array':
      return z.array(toExactSchema((def as z.core.$ZodArrayDef).element))
    case 'union': {
      const options = (def as z.core.$ZodUnionDef).options.map(toExactSchema)
      return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]])
    }
    default:
      // A record too: stricter than the walk, so the tolerant twin takes it.
      return schema as z.ZodType
  }
}

/** Whether any text in a JSON value is unusual (see `isUnusualText`). */
function holdsUnusualText(value: unknown): boolean {
  if (typeof value === 'string') return isUnusualText(value)
  if (typeof value !== 'object' || value === null) return false
  return Object.values(value).some(holdsUnusualText)
}
