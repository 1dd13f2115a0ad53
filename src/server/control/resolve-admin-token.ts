import { randomBytes } from 'node:crypto'
import { isLoopbackHost } from '../host/is-loopback-host.js'

// A random one beyond loopback: a mock on `0.0.0.0` in a café is never open by accident.
export function resolveAdminToken(
  given: string | false | undefined,
  host: string,
): { token: string | undefined; generated: boolean } {
  if (given === false) return { token: undefined, generated: false }
  if (given !== undefined || isLoopbackHost(host)) {
    return { token: given, generated: false }
  }
  // Hex: base64url could start with "-" and read as a flag.
  return { token: randomBytes(16).toString('hex'), generated: true }
}
