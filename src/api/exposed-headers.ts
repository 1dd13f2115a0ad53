import { RATE_LIMIT_HEADER_NAMES } from '../schema/scenario.js'

/**
 * Headers a browser script must read that CORS does not expose by itself; sent as `Access-Control-Expose-Headers`.
 * test/server/exposed-headers.test.ts fails when an answer carries one neither safelisted nor listed here.
 * @see https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
 */
export const EXPOSED_HEADERS = [
  'WWW-Authenticate',
  'Allow',
  'Retry-After',
  ...Object.values(RATE_LIMIT_HEADER_NAMES).flatMap((names) =>
    Object.values(names),
  ),
  'Accept-Ranges',
  'Content-Range',
  // Marks an answer of the real service under the server's proxy mode.
  'X-Mock-Proxied',
  // Names the scenario that forced an answer.
  'X-Mock-Forced-By',
  // Safelisted by the Fetch standard, but older browsers hide it.
  'Content-Length',
] as const
