/**
 * Each kind of record the control API serves one at a time; `nameField` is
 * the field a presenter renames most, edited on its own.
 */
export const RECORD_KINDS = [
  {
    route: 'contents',
    label: 'Content',
    idField: 'variation_unique',
    nameField: 'title',
    nameLabel: 'Title',
  },
  {
    route: 'projects',
    label: 'Project',
    idField: 'project_unique',
    nameField: 'project_name',
    nameLabel: 'Project name',
  },
  { route: 'api-keys', label: 'API key', idField: 'key' },
  { route: 'accounts', label: 'Account', idField: 'id' },
] as const

export type RecordKind = (typeof RECORD_KINDS)[number]

export type RecordChoice = ReturnType<typeof toChoice>

/**
 * A record as the picker offers it: its ID, and its title or name to find
 * it by (empty when it has none).
 */
export function toChoice(kind: RecordKind, record: Record<string, unknown>) {
  const id = String(record[kind.idField])
  const name = record.title ?? record.project_name ?? record.name
  return { id, name: typeof name === 'string' ? name : '' }
}
