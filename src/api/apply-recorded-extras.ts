import { setOwnField } from '../data/set-own-field.js'
import type { RecordedExtras } from '../schema/recorded-extras.js'

/**
 * Writes a record's recorded extras (`recordedExtrasShape`) into one view of
 * it, as the service sent them: the names of `absent` leave `view`; a name
 * of `extra` that `view` shows gets the recorded value in its place; a spec
 * field this view does not show is skipped; any other name is added to
 * `appendTo` (the view itself unless given), in the order recorded.
 * @note Called only when building a record's cached JSON, and only for a
 * record that has extras: a record without costs the serializer one check.
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

/**
 * Whether an object of a record carries recorded extras.
 */
export function hasRecordedExtras(extras: RecordedExtras): boolean {
  return extras.extra !== undefined || extras.absent !== undefined
}
