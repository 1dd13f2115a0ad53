// On a request path, a name the file system cannot look up or read is not there.
export function isFileSystemError(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException
  return typeof code === 'string' && typeof syscall === 'string'
}
