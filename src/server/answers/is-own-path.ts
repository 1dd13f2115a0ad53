/**
 * Whether a request target is the mock's own business rather than its
 * clients': the control API under `/__mock` and the page's files and config
 * under `/__page`. Browser apps of other origins get no CORS there unless
 * named with `corsOrigin`.
 * @note Any case, segment-wise, as express routes them (`/__MOCK/health` is
 * the control API, `/__mockery` is not); the API prefix, unlike these, is
 * matched case and all (`isApiPath`).
 */
export function isOwnPath(target: string): boolean {
  return OWN_PATH.test(target)
}

/**
 * Whether a request target is the control API's (`/__mock` and below, any
 * case, as express routes it): the user's `--handlers` are never asked there.
 */
export function isControlPath(target: string): boolean {
  return CONTROL_PATH.test(target)
}

const OWN_PATH = /^\/__(?:mock|page)(?:[/?#]|$)/i
const CONTROL_PATH = /^\/__mock(?:[/?#]|$)/i
