import * as z from 'zod'
import type { DriftKind } from './drift-kinds.js'
import { isUnusualText } from './is-unusual-text.js'

/**
 * One place where a JSON value differs from a strict schema.
 */
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
 * Walks `value` against a strict response schema and lists every place it
 * differs, by kind: keys the schema does not name, named keys that are
 * `null` or absent, values of another type or format, and text a client may
 * not expect (see `isUnusualText`). A record or `unknown` in the schema takes
 * anything.
 * @note zod's own parse strips unknown keys and stops at the first union
 * that fits; a walk reports every place, which is what a drift report needs.
 */
function findShapeDrift(
  schema: z.core.$ZodType,
  value: unknown,
  at = '',
): ShapeDrift[] {
  return checkShape(schema, value, at).drift
}

/**
 * {@link findShapeDrift}, and whether the strict schema's exact twin took
 * the value (see `toExactSchema`): then the strict schema and its tolerant
 * twin take it as well.
 * @note Most answers differ nowhere, so one zod parse with the exact twin
 * goes first, and the walk runs only when it fails or a text is unusual
 * (bench/README.md, "Verify").
 */
export function checkShape(
  schema: z.core.$ZodType,
  value: unknown,
  at = '',
): { exact: boolean; drift: ShapeDrift[] } {
  const exact = toExactSchema(schema).safeParse(value).success
  if (exact && !holdsUnusualText(value)) return { exact, drift: [] }
  return { exact, drift: walkShapeDrift(schema, value, at) }
}

/**
 * {@link findShapeDrift} without its first parse: the walk alone, down to
 * every union's options.
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
    case 'object': {
      if (!isPlainObject(value)) {
        found.push(typeDrift(at, 'an object', value))
        return
      }
      const { entries, keys } = readShape(schema)
      for (const [key, child] of entries) {
        const where = join(at, key)
        const field = Object.hasOwn(value, key) ? value[key] : undefined
        if (field === undefined || field === null) {
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
      return
    }
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
      // The closest option: the one with the fewest differences. Walked
      // alone: the exact parse ran once, over the whole value.
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

const shapes = new WeakMap<
  z.core.$ZodType,
  { entries: Array<[string, z.core.$ZodType]>; keys: Set<string> }
>()

/**
 * An object schema's fields, read once per schema.
 * @note zod computes `shape` on each read; a walk of a long list reads it
 * for every item.
 */
function readShape(schema: z.core.$ZodType) {
  let shape = shapes.get(schema)
  if (shape === undefined) {
    const entries = Object.entries(
      (schema._zod.def as z.core.$ZodObjectDef).shape,
    )
    shape = { entries, keys: new Set(entries.map(([key]) => key)) }
    shapes.set(schema, shape)
  }
  return shape
}

function typeDrift(at: string, expected: string, value: unknown): ShapeDrift {
  const got = Array.isArray(value) ? 'an array' : typeof value
  return { kind: 'field-type', at, detail: `expected ${expected}, got ${got}` }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const exactSchemas = new WeakMap<z.core.$ZodType, z.ZodType>()

/**
 * A schema that takes a value only where the walk would find no difference
 * in it: every object exact (`z.strictObject`), each of its fields neither
 * `null` nor absent, arrays and unions built the same way, every other
 * schema as it is. It may refuse more than the walk would (an object inside
 * an optional field, which the walk parses as zod does; anything but an
 * object where a record is); then the walk runs and decides.
 * @note It takes nothing the strict schema refuses but its objects'
 * refinements (response schemas have none), so nothing their tolerant twins
 * (`toTolerantSchema`) refuse.
 */
function toExactSchema(schema: z.core.$ZodType): z.ZodType {
  let exact = exactSchemas.get(schema)
  if (exact === undefined) {
    exact = deriveExact(schema)
    exactSchemas.set(schema, exact)
  }
  return exact
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
          ? z.custom(
              (field) =>
                field !== null &&
                field !== undefined &&
                exact.safeParse(field).success,
            )
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
      // Leaves as they are, and a record too: stricter than the walk, which
      // takes anything there, so that what this takes, the tolerant twin
      // takes.
      return schema as z.ZodType
  }
}

/** Whether any text in a JSON value is unusual (see `isUnusualText`). */
function holdsUnusualText(value: unknown): boolean {
  if (typeof value === 'string') return isUnusualText(value)
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(holdsUnusualText)
  for (const key in value) {
    if (holdsUnusualText((value as Record<string, unknown>)[key])) return true
  }
  return false
}
