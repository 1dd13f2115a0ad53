import { RecordError } from './record-error.js'

/**
 * Thrown when a record to patch or delete does not exist (the control API
 * answers 404). `get()` returns `undefined` instead.
 * @example
 * await expect(mock.contents.patch('v9', { title: 'x' })).rejects.toThrow(RecordNotFoundError)
 */
export class RecordNotFoundError extends RecordError {
  override name = 'RecordNotFoundError'
  readonly code = 'RECORD_NOT_FOUND'
}
