export type UserFileProblem =
  'missing' | 'not-regular' | 'outside' | 'too-large' | 'unreadable'

// `problem` in words, e.g. "a named pipe (FIFO)": callers word the message.
export class UserFileError extends Error {
  override name = 'UserFileError'
  constructor(
    readonly path: string,
    readonly reason: UserFileProblem,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`)
  }
}
