import type { RecordKindName } from './record-kinds.js'

/**
 * What the errors about one record (`RecordNotFoundError`,
 * `RecordInUseError`, `ComputedRecordError`) have in common: the record's kind
 * and ID, and a `code` the control API answers with.
 */
export abstract class RecordError extends Error {
  abstract readonly code: string

  constructor(
    /** The kind, as named in `mock.db`: `contents`, `apiKeys`, … */
    readonly kind: RecordKindName,
    /** The ID asked for. */
    readonly id: string,
    message: string,
  ) {
    super(message)
  }
}
