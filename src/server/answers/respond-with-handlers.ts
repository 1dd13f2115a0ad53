import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { RequestHandler } from 'msw'

/**
 * msw, imported at the first request a user's handler may answer.
 * @note Not at start-up: the server needs msw only with `handlers`
 * (`--handlers`), and importing it (with tough-cookie and tldts) would slow
 * the CLI's start for everyone (bench/startup.js).
 */
let msw: Promise<typeof import('msw')> | undefined

/**
 * Tries the user's own MSW handlers on a Node request, as `setupServer` would,
 * and writes the response of the first that answers. Resolves to `false` when
 * none does, so the mock answers instead.
 * @note This is the one place msw serves in the server: `getResponse()` is
 * common to msw 2 and 3 (msw 3 removed `handleRequest`).
 */
export async function respondWithHandlers(
  handlers: RequestHandler[],
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<boolean> {
  const method = request.method ?? 'GET'
  const body =
    method === 'GET' || method === 'HEAD'
      ? undefined
      : new Uint8Array(await buffer(request))
  const headers = new Headers()
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    for (const value of values ?? []) headers.append(name, value)
  }
  const fetchRequest = new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    body,
  })
  msw ??= import('msw')
  const mocked = await (await msw).getResponse(handlers, fetchRequest)
  if (mocked === undefined) return false
  if (mocked.type === 'error') {
    // `HttpResponse.error()`: a network failure, as the interceptor shows it.
    response.destroy()
    return true
  }
  const responseHeaders: Record<string, string | string[]> = {}
  mocked.headers.forEach((value, name) => {
    responseHeaders[name] =
      name === 'set-cookie' ? mocked.headers.getSetCookie() : value
  })
  response.writeHead(mocked.status, mocked.statusText, responseHeaders)
  if (mocked.body === null || method === 'HEAD') {
    response.end()
  } else {
    Readable.fromWeb(
      mocked.body as import('node:stream/web').ReadableStream,
    ).pipe(response)
  }
  return true
}
