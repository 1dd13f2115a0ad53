import { RecordError } from './record-error.js'

/**
 * Thrown when a record to delete is not stored but computed: a content of
 * the live stream (`live: true`), which the clock brings and takes away. It
 * would come back, so it cannot be deleted; patching it stores a copy in its
 * place (the control API answers 409 `conflict`).
 * @example
 * await expect(mock.contents.delete(liveId)).rejects.toThrow(ComputedRecordError)
 */
export class ComputedRecordError extends RecordError {
  override name = 'ComputedRecordError'
  readonly code = 'RECORD_COMPUTED'
}
