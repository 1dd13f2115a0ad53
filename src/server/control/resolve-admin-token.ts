import { randomBytes } from 'node:crypto'
import { isLoopbackHost } from '../host/is-loopback-host.js'

/**
 * The admin token the control API requires, if any: the one given; none
 * with `false` (open on purpose); otherwise a random one when the server
 * listens beyond loopback, so that a mock started on `0.0.0.0` in a café
 * or an office is never open to everyone by accident.
 */
export function resolveAdminToken(
  given: string | false | undefined,
  host: string,
): { token: string | undefined; generated: boolean } {
  if (given === false) return { token: undefined, generated: false }
  if (given !== undefined || isLoopbackHost(host)) {
    return { token: given, generated: false }
  }
  // @note 128 random bits in hex: it pastes into a header, a shell or a
  // flag as it is (base64url could start with "-" and read as a flag).
  return { token: randomBytes(16).toString('hex'), generated: true }
}
