import { isJsonRecord } from '../../data/is-json-record.js'

/**
 * The resources of a success body: each item of a list's `data`, or the one
 * object of a detail's `data`.
 */
export function recordsOf(json: unknown): Array<Record<string, unknown>> {
  if (!isJsonRecord(json)) return []
  const { data } = json
  if (Array.isArray(data)) return data.filter(isJsonRecord)
  return isJsonRecord(data) ? [data] : []
}

/**
 * The public ID of a resource: its `variation_unique` for a content, its
 * `project_unique` for a project.
 */
export function idOf(record: Record<string, unknown>): string {
  return String(record.variation_unique ?? record.project_unique ?? '')
}

/**
 * Whether a resource is a content (it has a `variation_unique`).
 */
export function isContent(record: Record<string, unknown>): boolean {
  return typeof record.variation_unique === 'string'
}
