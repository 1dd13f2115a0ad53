import type { RecordKindName } from './record-kinds.js'

/**
 * Thrown when a record to patch or delete does not exist (the control API
 * answers 404). `get()` returns `undefined` instead.
 * @example
 * await expect(mock.contents.patch('v9', { title: 'x' })).rejects.toThrow(RecordNotFoundError)
 */
export class RecordNotFoundError extends Error {
  override name = 'RecordNotFoundError'
  readonly code = 'RECORD_NOT_FOUND'

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
