import type { RecordDependents } from './record-in-use-error.js'
import { RECORD_KINDS } from './record-kinds.js'

const MAX_NAMES = 5

/**
 * Words the records that refer to another, for a message:
 * `2 contents (v1, v2) through "project_unique" still refer to it`, groups
 * joined with "and", at most five names per group.
 */
export function describeDependents(
  dependents: readonly RecordDependents[],
): string {
  const total = dependents.reduce((sum, { names }) => sum + names.length, 0)
  const groups = joinWithAnd(
    dependents.map(({ kind, field, names }) => {
      const { noun, plural } = RECORD_KINDS[kind]
      const shown = names.slice(0, MAX_NAMES).join(', ')
      const more =
        names.length > MAX_NAMES ? ` and ${names.length - MAX_NAMES} more` : ''
      return `${names.length} ${names.length === 1 ? noun : plural} (${shown}${more}) through "${field}"`
    }),
  )
  return `${groups} still ${total === 1 ? 'refers' : 'refer'} to it`
}

function joinWithAnd(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
