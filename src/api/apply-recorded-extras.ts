import { setOwnField } from '../data/set-own-field.js'
import type { RecordedExtras } from '../schema/recorded-extras.js'

/**
 * `absent` names leave `view`; an `extra` that `view` shows replaces its value; other spec fields are skipped; any
 * other name goes to `appendTo`, in the order recorded.
 * @note Called only for a record with extras, when building its cached JSON: one check for the rest.
 */
export function applyRecordedExtras(
  view: Record<string, unknown>,
  extras: RecordedExtras,
  specFields: ReadonlySet<string>,
  appendTo: Record<string, unknown> = view,
): Record<string, unknown> {
  for (const name of extras.absent ?? []) delete view[name]
  for (const [name, value] of Object.entries(extras.extra ?? {})) {
    if (Object.hasOwn(view, name)) view[name] = value
    else if (!specFields.has(name)) setOwnField(appendTo, name, value)
  }
  return view
}

export function hasRecordedExtras(extras: RecordedExtras): boolean {
  return extras.extra !== undefined || extras.absent !== undefined
}
