import * as z from 'zod'
import { parseServerOptions } from './parse-server-options.js'
import { checkParsed } from './check-parsed.js'
import { parseAllowedHosts } from './parse-allowed-hosts.js'
import { parsePublicUrl } from './parse-public-url.js'

const hostOptionsSchema = z.object({
  publicUrl: z
    .string({ error: 'expected a URL as a string' })
    .transform(checkParsed(parsePublicUrl))
    .optional(),
  trustProxy: z.boolean({ error: 'expected true or false' }).default(false),
  allowedHosts: z
    .unknown()
    .transform(checkParsed(parseAllowedHosts))
    .optional(),
})

/**
 * Checks the server's `publicUrl`, `trustProxy` and `allowedHosts` options:
 * those that decide which host and origin a request is for. `basePath` is
 * the public URL's path, e.g. `/mock`, or empty.
 * @throws {OptionsError} naming each bad one.
 */
export function parseHostOptions(options: object) {
  const { publicUrl, trustProxy, allowedHosts } = parseServerOptions(
    hostOptionsSchema,
    options,
  )
  return {
    publicUrl: publicUrl?.url,
    basePath: publicUrl?.basePath ?? '',
    trustProxy,
    allowedHosts: allowedHosts?.hosts,
  }
}
