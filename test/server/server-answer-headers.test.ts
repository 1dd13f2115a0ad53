import { request as httpRequest } from 'node:http'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'
import { startSmallServer } from '../support/server.js'

// The server writes an API answer's CORS headers and its own in one
// `writeHead` (its fast path); with user handlers, which are tried first,
// the CORS step sets them before routing. A client must not be able to tell
// the two apart: same headers, same names, same case, same order.

const VARYING = new Set(['date', 'connection', 'keep-alive'])

/** Status line and raw headers (name, value, …) but Date and the connection's. */
function rawAnswerOf(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const raw = [`${response.statusCode} ${response.statusMessage}`]
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        const name = response.rawHeaders[i]!
        if (VARYING.has(name.toLowerCase())) continue
        // Asset URLs differ per request, and so may a body's length.
        const value = name.toLowerCase() === 'content-length' ? '<n>' : ''
        raw.push(name, value || response.rawHeaders[i + 1]!)
      }
      response.resume()
      response.on('end', () => resolve(raw))
    })
    request.on('error', reject)
    request.end()
  })
}

const KEY = { authorization: 'Bearer k_a' }
const ANSWERS: Array<[string, string, string, Record<string, string>]> = [
  ['a content detail', 'GET', '/projects/p1/contents/v1', KEY],
  ['a HEAD of a content detail', 'HEAD', '/projects/p1/contents/v1', KEY],
  ['a project list', 'GET', '/projects', { ...KEY, origin: 'http://app.test' }],
  ['a 401', 'GET', '/projects', {}],
  ['a 404', 'GET', '/projects/p1/contents/nope', KEY],
  ['a 405', 'DELETE', '/projects', KEY],
  ['a 429', 'GET', '/projects', { ...KEY, 'x-mock-scenario': 'rate-limited' }],
]

it.each(ANSWERS)(
  'answers %s with the same raw headers on the fast path as through the CORS step',
  async (_name, method, path, headers) => {
    await using fast = await startSmallServer()
    await using stepped = await startSmallServer({
      handlers: [http.get('*/not-an-api-path', () => HttpResponse.json({}))],
    })
    const expected = await rawAnswerOf(stepped.apiUrl + path, method, headers)
    // Not vacuous: the CORS step wrote its headers.
    expect(expected).toContain('Access-Control-Allow-Origin')
    expect(await rawAnswerOf(fast.apiUrl + path, method, headers)).toEqual(
      expected,
    )
  },
)
