/**
 * Bad input to a control route: answered 400 with its code and message.
 * @example
 * throw new ControlInputError('invalid_filter', 'Unknown filter "foo" in the query. …')
 */
export class ControlInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
