/**
 * Sends the CORS preflight a browser sends before a `method` request from
 * `origin` to `url` (with `headers`, the request's own header names, when
 * given).
 */
export function sendPreflight(
  url: string,
  origin: string,
  method: string,
  headers?: string,
): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers === undefined
        ? {}
        : { 'access-control-request-headers': headers }),
    },
  })
}
