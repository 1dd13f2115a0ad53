import type { RecordingFinding } from '../recording-finding.js'

/** The views of one item seen so far. */
export interface SeenViews {
  list?: Record<string, unknown>
  detail?: Record<string, unknown>
}

/**
 * The detail, reporting what the list item has otherwise or only (the
 * fixture format holds one value per field).
 */
export function mergeViews(
  seen: SeenViews,
  where: string,
  report: (finding: RecordingFinding) => void,
): Record<string, unknown> {
  const { list, detail } = seen
  if (detail === undefined) return list ?? {}
  if (list === undefined) return detail
  for (const [name, value] of Object.entries(list)) {
    const shown = Object.hasOwn(detail, name)
    if (shown && JSON.stringify(value) === JSON.stringify(detail[name])) {
      continue
    }
    report({
      kind: 'differs-between-views',
      where,
      field: name,
      value,
      message: shown
        ? `${where}: "${name}" differs between the list and the detail (the detail's is kept)`
        : `${where}: "${name}" is in the list but not in the detail (not kept)`,
    })
  }
  return detail
}
