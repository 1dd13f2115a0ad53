/**
 * Whether `error` is one of the file system's, as Node reports them (a
 * `code` such as `ENOENT`, `ENAMETOOLONG`, `ELOOP` or `EACCES` and the
 * system call that failed): on a request path, a name the file system
 * cannot look up or read answers as a name that is not there.
 */
export function isFileSystemError(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException
  return typeof code === 'string' && typeof syscall === 'string'
}
