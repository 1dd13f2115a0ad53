import { createServer, get, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import cors, { type CorsOptions } from 'cors'
import { expect, it } from 'vitest'
// A unit test of the server's CORS step, which no entry exports.
import { EXPOSED_HEADERS } from '../../src/api/exposed-headers.js'
import {
  createCorsHandler,
  type CorsHandler,
} from '../../src/server/answers/create-cors-handler.js'

// The server's CORS step writes the headers of an actual request to any
// origin from strings made once; what reaches the client must be exactly
// what the `cors` middleware itself writes, for every kind of request.

const OPTIONS: CorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Range'],
  exposedHeaders: [...EXPOSED_HEADERS],
  maxAge: 600,
}

/** The CORS headers a real server with `handler` answers `init` with. */
async function corsHeadersOf(
  handler: CorsHandler,
  init: RequestInit,
): Promise<Record<string, string>> {
  const listener: RequestListener = (request, response) =>
    handler(request, response, () => response.end('{}'))
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/x`, init)
    const headers: Record<string, string> = { status: String(response.status) }
    response.headers.forEach((value, name) => {
      if (name.startsWith('access-control-') || name === 'vary') {
        headers[name] = value
      }
    })
    return headers
  } finally {
    server.close()
  }
}

const REQUESTS: Array<[string, RequestInit]> = [
  ['a GET from another origin', { headers: { origin: 'http://app.test' } }],
  ['a GET without Origin', {}],
  [
    'a DELETE from another origin',
    { method: 'DELETE', headers: { origin: 'http://app.test' } },
  ],
  [
    'a preflight',
    {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    },
  ],
]

it.each(REQUESTS)(
  'answers %s with the headers the cors middleware writes, for any origin and for named ones',
  async (_name, init) => {
    for (const options of [
      OPTIONS,
      { ...OPTIONS, origin: ['http://app.test'] },
    ]) {
      const expected = await corsHeadersOf(
        cors(options) as unknown as CorsHandler,
        init,
      )
      // Not a vacuous comparison: cors wrote something besides the status.
      expect(Object.keys(expected).length).toBeGreaterThan(1)
      expect(await corsHeadersOf(createCorsHandler(options), init)).toEqual(
        expected,
      )
    }
  },
)

it('reports the raw headers it writes on an actual request to any origin: the names, case and order cors writes', async () => {
  const server = createServer((request, response) =>
    (cors(OPTIONS) as unknown as CorsHandler)(request, response, () =>
      response.end(),
    ),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const rawHeaders = await new Promise<string[]>((resolve, reject) => {
      get(
        `http://127.0.0.1:${port}/x`,
        { headers: { origin: 'http://app.test' } },
        (response) => {
          response.resume()
          resolve(response.rawHeaders)
        },
      ).on('error', reject)
    })
    const written = rawHeaders.filter((_, i) =>
      i % 2 === 1
        ? rawHeaders[i - 1]!.startsWith('Access-Control-')
        : rawHeaders[i]!.startsWith('Access-Control-'),
    )
    expect(written.length).toBeGreaterThan(0)
    expect(createCorsHandler(OPTIONS).headers).toEqual(written)
  } finally {
    server.close()
  }
})
