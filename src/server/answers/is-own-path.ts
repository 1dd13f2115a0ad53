/**
 * Whether a request target is the mock's own business rather than its
 * clients': the control API under `/__mock` and the page's files and config
 * under `/__page` (any case, as express routes them). Browser apps of other
 * origins get no CORS there unless named with `corsOrigin`.
 * @example
 * isOwnPath('/__MOCK/fixtures') // true
 * isOwnPath('/public-api/v1/projects') // false
 */
export function isOwnPath(target: string): boolean {
  return OWN_PATH.test(target)
}

const OWN_PATH = /^\/__(?:mock|page)(?:[/?#]|$)/i
