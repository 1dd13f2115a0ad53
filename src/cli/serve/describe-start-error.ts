import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'

const HOST_HINT =
  'Pass --host 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).'

/**
 * Words an error that stopped the server from listening (the host or the
 * port) for the terminal, or returns `undefined` for any other: a user's
 * mistake is worded already (`run-cli.ts`'s `USER_ERRORS`), anything else
 * is a bug. A host or port taken from the environment
 * (`where.environment`) is said to be.
 */
export function describeStartError(
  error: unknown,
  where: { host: string; port: number; environment?: readonly string[] },
): string | undefined {
  const { code, syscall, message } = error as NodeJS.ErrnoException
  const { host, port } = where
  const from = (name: string) =>
    where.environment?.includes(name) === true
      ? ` (The environment variable ${name} set it: fix or unset ${name}.)`
      : ''
  const portFrom = from(ENVIRONMENT_VARIABLES.port.name)
  const hostFrom = from(ENVIRONMENT_VARIABLES.host.name)
  if (syscall === 'listen') {
    switch (code) {
      case 'EADDRINUSE':
        return `Port ${port} on ${host} is already in use. Stop the other process or pass --port <free port> (0 picks one).${portFrom}`
      case 'EACCES':
        return `No permission to listen on port ${port} on ${host}: ports below 1024 need extra rights. Pass --port 4010 or another port above 1023.${portFrom}`
      case 'EADDRNOTAVAIL':
        return `Cannot listen on ${host}: it is not an address of this machine. ${HOST_HINT}${hostFrom}`
      default:
        return `Cannot listen on port ${port} on ${host}: ${message}. ${HOST_HINT}${hostFrom}${portFrom}`
    }
  }
  if (syscall === 'getaddrinfo') {
    return `Cannot listen on ${host}: no such host name (${code}). ${HOST_HINT}${hostFrom}`
  }
  return undefined
}
