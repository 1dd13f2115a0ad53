/**
 * Sends a JSON body (or raw text, as written) to a control route, as
 * `Content-Type: application/json`.
 * @example
 * const response = await sendJson(`${server.url}/__mock/scenarios`, 'POST', { status: 500 })
 */
export function sendJson(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body:
      body === undefined
        ? undefined
        : typeof body === 'string'
          ? body
          : JSON.stringify(body),
  })
}

/**
 * `sendJson`, its answer read: status, headers and the parsed body
 * (undefined when empty).
 * @example
 * const { status, body } = await sendControl(`${server.url}/__mock/projects/p1`, 'PATCH', { project_name: 'x' })
 */
export async function sendControl(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await sendJson(url, method, body, headers)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  }
}

/** The status and the `error` object of a JSON error answer. */
export async function errorOf(response: Response) {
  return { status: response.status, ...(await response.json()).error }
}
