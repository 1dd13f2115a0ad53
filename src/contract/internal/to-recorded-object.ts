import type * as z from 'zod'
import { setOwnField } from '../../data/set-own-field.js'
import type { RecordedExtras } from '../../schema/recorded-extras.js'
import type { RecordingFinding } from '../recording-finding.js'

/**
 * One object of an answer split into what the fixture format holds: the
 * spec fields with a value of their type (`fields`, placeholders where the
 * answer had none), and the rest as recorded extras.
 */
interface RecordedObject {
  fields: Record<string, unknown>
  extras: RecordedExtras
}

/**
 * What a recorded object is checked against: the spec's field schemas, a
 * placeholder of each field's type (kept in the record where the answer had
 * no value of that type), and the fields the caller records itself.
 */
export interface ObjectSpec {
  shape: Readonly<Record<string, z.ZodType>>
  placeholders: Readonly<Record<string, unknown>>
  own?: ReadonlySet<string>
}

/**
 * Splits one object of an answer by `spec`, reporting each member off the
 * spec: an absent field goes to `absent`, a `null` one or one of another
 * type to `extra` (its record keeps the placeholder), a member the spec does
 * not list to `extra`.
 */
export function toRecordedObject(
  observed: Record<string, unknown>,
  spec: ObjectSpec,
  where: string,
  report: (finding: RecordingFinding) => void,
): RecordedObject {
  const fields: Record<string, unknown> = {}
  const extra: Record<string, unknown> = {}
  const absent: string[] = []
  for (const [name, schema] of Object.entries(spec.shape)) {
    if (spec.own?.has(name)) continue
    const value = observed[name]
    if (
      value !== null &&
      value !== undefined &&
      schema.safeParse(value).success
    ) {
      fields[name] = value
      continue
    }
    fields[name] = spec.placeholders[name]
    keepOffSpecField(observed, name, where, report, extra, absent)
  }
  for (const [name, value] of Object.entries(observed)) {
    if (Object.hasOwn(spec.shape, name) || spec.own?.has(name)) continue
    setOwnField(extra, name, value)
    report({
      kind: 'unknown-field',
      where,
      field: name,
      value,
      message: `${where}: "${name}" is not in the spec (kept in "extra")`,
    })
  }
  return { fields, extras: toExtras(extra, absent) }
}

/**
 * Keeps a spec field the answer left out (in `absent`) or sent as `null` or
 * a value not of its type (in `extra`), and reports it.
 */
export function keepOffSpecField(
  observed: Record<string, unknown>,
  name: string,
  where: string,
  report: (finding: RecordingFinding) => void,
  extra: Record<string, unknown>,
  absent: string[],
): void {
  if (!Object.hasOwn(observed, name)) {
    absent.push(name)
    report({
      kind: 'absent-field',
      where,
      field: name,
      message: `${where}: "${name}" is absent (kept in "absent")`,
    })
    return
  }
  const value = observed[name]
  setOwnField(extra, name, value)
  report({
    kind: value === null ? 'null-field' : 'unexpected-type',
    where,
    field: name,
    value,
    message:
      value === null
        ? `${where}: "${name}" is null (kept in "extra")`
        : `${where}: "${name}" is ${JSON.stringify(value)}, not of the spec's type (kept in "extra")`,
  })
}

/**
 * The recorded extras of `extra` and `absent`, each only when not empty.
 */
export function toExtras(
  extra: Record<string, unknown>,
  absent: readonly string[],
): RecordedExtras {
  return {
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
    ...(absent.length > 0 ? { absent: [...absent] } : {}),
  }
}
