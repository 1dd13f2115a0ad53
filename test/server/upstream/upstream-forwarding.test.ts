import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_API_PREFIX, OptionsError } from 'content-api-mock'
import {
  createContentApiServer,
  PROXIED_HEADER,
  type RequestLogEntry,
} from 'content-api-mock/server'
import { expect, it } from 'vitest'
import { escapeRegExp } from '../../support/escape-reg-exp.js'
import { loadFixture } from '../../support/load-fixture.js'
import {
  KEY,
  realProjectId,
  startRealService,
} from '../../support/real-service.js'
import { sendGet } from '../../support/send-get.js'
import { startServer, startSmallServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'

// Two real servers on 127.0.0.1: the "real service", generated from seed 7
// with the key k_a, and the mock in front of it, serving test/fixtures/
// small.json (which knows k_a too, and k_b, which the real service does not).
// --record of proxy mode is in test/server/upstream/upstream-recording.test.ts.

/** A stand-in for the real service that keeps what it was sent. */
async function startStandInService(
  answer: (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) => void = (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': 'session=upstream',
      'access-control-allow-origin': 'https://upstream.example',
    })
    response.end('{"data":[],"meta":{"total":0}}')
  },
) {
  const received: Array<{ url: string; headers: IncomingHttpHeaders }> = []
  const server = createServer((request, response) => {
    received.push({ url: request.url ?? '', headers: request.headers })
    answer(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    [Symbol.asyncDispose]: () => closeServer(server),
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await closeServer(server)
  return port
}

it('forwards a request naming a project the mock does not hold, marks the answer and journals it as proxied', async () => {
  await using real = await startRealService()
  const log: RequestLogEntry[] = []
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl },
    onRequest: (entry) => log.push(entry),
  })
  const id = await realProjectId(real.apiUrl)

  const proxied = await fetch(`${mock.apiUrl}/projects/${id}`, {
    headers: KEY,
  })
  const direct = await fetch(`${real.apiUrl}/projects/${id}`, { headers: KEY })

  expect(proxied.status).toBe(200)
  expect(await proxied.text()).toBe(await direct.text())
  expect(proxied.headers.get('content-type')).toBe(
    direct.headers.get('content-type'),
  )
  expect(proxied.headers.get(PROXIED_HEADER)).toBe(real.url)
  expect(proxied.headers.get('access-control-expose-headers')).toMatch(
    /X-Mock-Proxied/,
  )
  expect(mock.mock.requests.list()).toEqual([
    expect.objectContaining({
      path: `${DEFAULT_API_PREFIX}/projects/${id}`,
      endpoint: 'getProject',
      keyLabel: 'acct_a#1',
      status: 200,
      proxied: real.url,
    }),
  ])
  expect(log).toEqual([
    expect.objectContaining({ status: 200, proxied: real.url }),
  ])
})

it('answers the IDs its data holds itself, unmarked', async () => {
  await using real = await startRealService()
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl },
  })

  const own = await fetch(`${mock.apiUrl}/projects/p1/contents/v1`, {
    headers: KEY,
  })
  // p3 is held by the mock but belongs to another account, v4 is in p3, not
  // p1: their 404s are the mock's.
  const hidden = await fetch(`${mock.apiUrl}/projects/p3`, { headers: KEY })
  const elsewhere = await fetch(`${mock.apiUrl}/projects/p1/contents/v4`, {
    headers: KEY,
  })
  const list = await fetch(`${mock.apiUrl}/projects`, { headers: KEY })

  expect(own.status).toBe(200)
  expect(own.headers.get(PROXIED_HEADER)).toBeNull()
  expect(hidden.status).toBe(404)
  expect(hidden.headers.get(PROXIED_HEADER)).toBeNull()
  expect(elsewhere.status).toBe(404)
  expect(elsewhere.headers.get(PROXIED_HEADER)).toBeNull()
  expect(list.headers.get(PROXIED_HEADER)).toBeNull()
  expect(
    ((await list.json()) as { data: unknown[] }).data.map(
      (project) => (project as { project_unique: string }).project_unique,
    ),
  ).toEqual(expect.arrayContaining(['p1', 'p2', 'p4']))
  expect(mock.mock.requests.list().map((entry) => entry.proxied)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ])
})

it('forwards a content ID the mock does not hold, in a project it holds', async () => {
  await using real = await startRealService()
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl },
  })

  const response = await fetch(`${mock.apiUrl}/projects/p1/contents/nope`, {
    headers: KEY,
  })

  // The real service does not hold p1: its own 404 comes back.
  expect(response.status).toBe(404)
  expect(response.headers.get(PROXIED_HEADER)).toBe(real.url)
  expect(
    ((await response.json()) as { error: { message: string } }).error.message,
  ).toMatch(/No project "p1"/)
})

it('keeps its own 401 for a key it does not know, and its 422 for an invalid ID', async () => {
  await using real = await startRealService()
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl },
  })
  const id = await realProjectId(real.apiUrl)

  const unknownKey = await fetch(`${mock.apiUrl}/projects/${id}`, {
    headers: { authorization: 'Bearer not-a-key' },
  })
  const invalidId = await fetch(`${mock.apiUrl}/projects/bad%20id`, {
    headers: KEY,
  })

  expect(unknownKey.status).toBe(401)
  expect(unknownKey.headers.get(PROXIED_HEADER)).toBeNull()
  expect(invalidId.status).toBe(422)
  expect(invalidId.headers.get(PROXIED_HEADER)).toBeNull()
  expect(
    real.mock.requests.count({ path: `${DEFAULT_API_PREFIX}/projects/${id}` }),
  ).toBe(0)
})

it('forwards every API request with upstream.all, the lists included', async () => {
  await using real = await startRealService()
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl, all: true },
  })

  const proxied = await fetch(`${mock.apiUrl}/projects`, { headers: KEY })
  const direct = await fetch(`${real.apiUrl}/projects`, { headers: KEY })
  const head = await fetch(`${mock.apiUrl}/projects`, {
    method: 'HEAD',
    headers: KEY,
  })

  expect(proxied.headers.get(PROXIED_HEADER)).toBe(real.url)
  expect(await proxied.text()).toBe(await direct.text())
  expect(head.status).toBe(200)
  expect(head.headers.get(PROXIED_HEADER)).toBe(real.url)
  expect(real.mock.requests.list().map((entry) => entry.method)).toEqual([
    'GET',
    'GET',
    'HEAD',
  ])
  expect(mock.mock.requests.list()).toEqual([
    expect.objectContaining({
      endpoint: 'listProjects',
      keyLabel: 'acct_a#1',
      proxied: real.url,
    }),
    expect.objectContaining({ method: 'HEAD', proxied: real.url }),
  ])
})

it("passes the caller's Authorization through: the real service's 401 comes back for a key only the mock knows", async () => {
  await using real = await startRealService()
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl },
  })
  const id = await realProjectId(real.apiUrl)

  const response = await fetch(`${mock.apiUrl}/projects/${id}`, {
    headers: { authorization: 'Bearer k_b' },
  })

  expect(response.status).toBe(401)
  expect(response.headers.get(PROXIED_HEADER)).toBe(real.url)
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm=/)
  expect(
    real.mock.requests.list({ path: `${DEFAULT_API_PREFIX}/projects/${id}` }),
  ).toEqual([expect.objectContaining({ status: 401 })])
})

it('passes the rate-limit headers and the 429 with Retry-After of the real service back', async () => {
  await using real = await startRealService({
    rateLimit: { limit: 1, window: '1m' },
  })
  await using mock = await startSmallServer({
    upstream: { url: real.apiUrl, all: true },
  })

  const first = await fetch(`${mock.apiUrl}/projects`, { headers: KEY })
  const second = await fetch(`${mock.apiUrl}/projects`, { headers: KEY })

  expect(first.status).toBe(200)
  expect(first.headers.get('ratelimit-limit')).toBe('1')
  expect(first.headers.get('ratelimit-remaining')).toBe('0')
  expect(second.status).toBe(429)
  expect(second.headers.get('retry-after')).toMatch(/^\d+$/)
  expect(second.headers.get(PROXIED_HEADER)).toBe(real.url)
})

it("sends the real service the Authorization and none of the caller's cookies, Host or X-Mock-* headers, and keeps its cookies and CORS headers out", async () => {
  await using service = await startStandInService()
  await using mock = await startSmallServer({
    upstream: { url: `${service.url}/base/v1`, all: true },
  })

  const response = await fetch(`${mock.apiUrl}/projects?page=2`, {
    headers: {
      ...KEY,
      cookie: 'mock-session=1',
      'x-mock-scenario': 'server-error',
      'x-mock-variant': 'nullable',
      origin: 'https://page.example',
    },
  })

  expect(response.status).toBe(200)
  expect(response.headers.get('set-cookie')).toBeNull()
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  expect(service.received).toHaveLength(1)
  const [sent] = service.received
  expect(sent!.url).toBe('/base/v1/projects?page=2')
  expect(sent!.headers.authorization).toBe('Bearer k_a')
  expect(sent!.headers.host).toBe(new URL(service.url).host)
  expect(sent!.headers.cookie).toBeUndefined()
  expect(sent!.headers.origin).toBeUndefined()
  expect(
    Object.keys(sent!.headers).filter((name) => name.startsWith('x-mock')),
  ).toEqual([])
})

it('never forwards a path whose dot segments climb above the base URL', async () => {
  await using service = await startStandInService()
  await using mock = await startSmallServer({
    upstream: { url: `${service.url}/base/v1`, all: true },
  })

  const answer = await sendGet(
    mock.url,
    `${DEFAULT_API_PREFIX}/%2e%2e/%2E%2e/admin`,
    KEY,
  )

  expect(answer.status).toBe(400)
  expect(answer.body).toMatch(/leaves the base URL/)
  expect(service.received).toEqual([])
})

it('answers 502 naming the real service and the fix when it cannot be reached', async () => {
  const port = await closedPort()
  await using mock = await startSmallServer({
    upstream: { url: `http://127.0.0.1:${port}/public-api/v1` },
  })

  const response = await fetch(`${mock.apiUrl}/projects/elsewhere`, {
    headers: KEY,
  })
  const body = (await response.json()) as {
    error: { code: string; message: string }
  }

  expect(response.status).toBe(502)
  expect(body.error.code).toBe('bad_gateway')
  expect(body.error.message).toMatch(
    new RegExp(
      `The real service at http://127\\.0\\.0\\.1:${port} could not be reached for GET /public-api/v1/projects/elsewhere \\(ECONNREFUSED\\).*Check that the service is up and that the --proxy URL`,
    ),
  )
  expect(mock.mock.requests.list()).toEqual([
    expect.objectContaining({
      status: 502,
      proxied: `http://127.0.0.1:${port}`,
    }),
  ])
})

it('answers 504 when the real service sends nothing within upstream.timeout', async () => {
  await using service = await startStandInService(() => {})
  await using mock = await startSmallServer({
    upstream: { url: service.url, timeout: 200 },
  })

  const response = await fetch(`${mock.apiUrl}/projects/slow`, {
    headers: KEY,
  })

  expect(response.status).toBe(504)
  expect(await response.text()).toMatch(
    /"gateway_timeout".*sent no answer to GET \/projects\/slow within 200 ms/,
  )
})

it('answers 502 instead of forwarding to itself when the upstream URL points at the mock', async () => {
  const port = await closedPort()
  await using mock = await startServer({
    port,
    fixtures: loadFixture('small.json'),
    upstream: { url: `http://127.0.0.1:${port}/public-api/v1` },
  })

  const response = await fetch(`${mock.apiUrl}/projects/loop`, {
    headers: KEY,
  })

  expect(response.status).toBe(502)
  expect(await response.text()).toMatch(/points at this mock itself/)
  // The first request and the one that came back: no more.
  expect(mock.mock.requests.count()).toBe(2)
})

it('rejects an upstream URL that is not an http URL, naming upstream.url', async () => {
  await expect(
    createContentApiServer({ port: 0, upstream: { url: 'ftp://example.com' } }),
  ).rejects.toThrow(OptionsError)
  await expect(
    createContentApiServer({
      port: 0,
      upstream: { url: 'https://user:pw@api.example.com' },
    }),
  ).rejects.toThrow(/"upstream\.url": it carries credentials/)
})

it('says in the banner where --proxy forwards, and logs forwarded requests with proxied=', async () => {
  await using real = await startRealService()
  await using cli = await startCli([
    '--port',
    '0',
    '--fixtures',
    'test/fixtures/small.json',
    '--proxy',
    real.apiUrl,
  ])
  await cli.waitFor(/Press Ctrl\+C to stop\./)
  const id = await realProjectId(real.apiUrl)

  await fetch(`${cli.apiUrl}/projects/${id}`, { headers: KEY })
  await cli.waitFor(/proxied=/)

  expect(cli.stdout()).toMatch(
    new RegExp(
      `Upstream +${escapeRegExp(real.apiUrl)} \\(proxy mode: API requests naming IDs the mock's data does not hold are forwarded there\\)`,
    ),
  )
  expect(cli.stdout()).toMatch(
    new RegExp(
      `GET /public-api/v1/projects/${id} 200 \\S+ acct_a#1 proxied=${escapeRegExp(real.url)}\n`,
    ),
  )
})
