import type { ControlErrorCode } from '../../schema/envelopes.js'

/**
 * Bad input to a control route: answered 400 with its code and message.
 */
export class ControlInputError extends Error {
  override name = 'ControlInputError'

  constructor(
    readonly code: ControlErrorCode,
    message: string,
  ) {
    super(message)
  }
}
