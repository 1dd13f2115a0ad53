import type * as z from 'zod'
import { setOwnField } from '../../data/set-own-field.js'
import type { RecordedExtras } from '../../schema/recorded-extras.js'
import type { RecordingFinding } from '../recording-finding.js'

/** The spec's fields, a placeholder of each type, those the caller records. */
export interface ObjectSpec {
  shape: Readonly<Record<string, z.ZodType>>
  placeholders: Readonly<Record<string, unknown>>
  own?: ReadonlySet<string>
}

/** An object being recorded, and where what is off the spec goes. */
export interface OffSpec {
  observed: Record<string, unknown>
  where: string
  report: (finding: RecordingFinding) => void
  extra: Record<string, unknown>
  absent: string[]
}

/**
 * Splits one object of an answer by `spec` into the spec fields with a value
 * of their type (placeholders where it had none) and the rest as recorded
 * extras, reporting each member off the spec.
 */
export function toRecordedObject(
  observed: Record<string, unknown>,
  spec: ObjectSpec,
  where: string,
  report: OffSpec['report'],
): { fields: Record<string, unknown>; extras: RecordedExtras } {
  const fields: Record<string, unknown> = {}
  const offSpec: OffSpec = { observed, where, report, extra: {}, absent: [] }
  for (const [name, schema] of Object.entries(spec.shape)) {
    if (spec.own?.has(name)) continue
    const value = observed[name]
    if (value != null && schema.safeParse(value).success) {
      fields[name] = value
      continue
    }
    fields[name] = spec.placeholders[name]
    keepOffSpecField(offSpec, name)
  }
  for (const [name, value] of Object.entries(observed)) {
    if (Object.hasOwn(spec.shape, name) || spec.own?.has(name)) continue
    setOwnField(offSpec.extra, name, value)
    report({
      kind: 'unknown-field',
      where,
      field: name,
      value,
      message: `${where}: "${name}" is not in the spec (kept in "extra")`,
    })
  }
  return { fields, extras: toExtras(offSpec.extra, offSpec.absent) }
}

/** Keeps and reports a spec field left out, `null` or of another type. */
export function keepOffSpecField(offSpec: OffSpec, name: string): void {
  const { observed, where, report } = offSpec
  if (!Object.hasOwn(observed, name)) {
    offSpec.absent.push(name)
    report({
      kind: 'absent-field',
      where,
      field: name,
      message: `${where}: "${name}" is absent (kept in "absent")`,
    })
    return
  }
  const value = observed[name]
  setOwnField(offSpec.extra, name, value)
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

export function toExtras(
  extra: Record<string, unknown>,
  absent: readonly string[],
): RecordedExtras {
  return {
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
    ...(absent.length > 0 ? { absent: [...absent] } : {}),
  }
}
