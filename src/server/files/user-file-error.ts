/**
 * Why a user's file or folder cannot be read, as `openUserFolder` finds it:
 * - `missing`: nothing there, or a link to nothing;
 * - `not-regular`: a folder, a named pipe (FIFO), a device or a socket;
 * - `outside`: a link whose real path leaves the folder, or a file with more
 *   than one name (hard links), whose other names may lie outside it;
 * - `too-large`: a file over the size limit;
 * - `unreadable`: no permission, or another error of the file system.
 */
export type UserFileProblem =
  'missing' | 'not-regular' | 'outside' | 'too-large' | 'unreadable'

/**
 * A user's file (or folder) that is not read, with what it is in words
 * (`problem`, e.g. "a named pipe (FIFO)") and the path it was asked at.
 * Callers word the message for their own command and fix.
 */
export class UserFileError extends Error {
  override name = 'UserFileError'
  readonly path: string
  readonly reason: UserFileProblem
  readonly problem: string

  constructor(path: string, reason: UserFileProblem, problem: string) {
    super(`${path}: ${problem}`)
    this.path = path
    this.reason = reason
    this.problem = problem
  }
}
