import { RecordError } from './record-error.js'
import type { RecordKindName } from './record-kinds.js'

/** Records that refer to another through one field. */
export interface RecordDependents {
  /** Their kind, as named in `mock.db`: `contents`, `apiKeys`, … */
  kind: RecordKindName
  /** The field that refers, e.g. `project_unique`, `shared_with`. */
  field: string
  /** Their IDs; for API keys their labels (`acct_a#1`), never the keys. */
  names: readonly string[]
}

/**
 * Thrown when a record to delete is still referred to and the delete was not asked to `cascade`; nothing was deleted.
 * @example
 * try {
 *   await mock.projects.delete('p1')
 * } catch (error) {
 *   if (error instanceof RecordInUseError) console.log(error.dependents)
 * }
 */
export class RecordInUseError extends RecordError {
  override name = 'RecordInUseError'
  readonly code = 'RECORD_IN_USE'

  constructor(
    kind: RecordKindName,
    id: string,
    readonly dependents: readonly RecordDependents[],
    message: string,
  ) {
    super(kind, id, message)
  }
}
