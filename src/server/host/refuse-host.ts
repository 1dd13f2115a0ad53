import type { ServerResponse } from 'node:http'
import { parseAllowedHost } from './parse-allowed-hosts.js'
import { writeJsonError } from '../answers/write-json-error.js'

/**
 * Answers a request whose `Host` is not an allowed host: 403
 * `host_not_allowed`, naming the host and the flag that allows it.
 */
export function refuseHost(
  response: ServerResponse,
  host: string | undefined,
): void {
  const shown = JSON.stringify((host ?? '').slice(0, 100))
  const result = parseAllowedHost((host ?? '').replace(/:\d+$/, ''))
  const name = result.ok ? result.host : '<name>'
  writeJsonError(
    response,
    403,
    'host_not_allowed',
    `The Host ${shown} is not one this server answers: it answers localhost, IP addresses and the host of --public-url, so that no web page can reach it through DNS rebinding. If this is a name you reach the server by, start it with --allowed-hosts ${name} (allowedHosts: [${JSON.stringify(name)}]), or --allowed-hosts all to answer any Host.`,
  )
}
