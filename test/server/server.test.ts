import { connect } from 'node:net'
import { createContentApiMock } from 'content-api-mock'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { expect, it } from 'vitest'
import { expectResponseToMatchOpenApi } from '../support/openapi-validator.js'
import { loadFixture } from '../support/load-fixture.js'
import { startServer, startSmallServer } from '../support/server.js'
import { sendPreflight } from '../support/send-preflight.js'

const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
])

/** Status, API headers and body, with per-request asset URLs made comparable. */
async function describe(response: Response, origin: string) {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!TRANSPORT_HEADERS.has(name) && !name.startsWith('access-control-')) {
      headers[name] = value
    }
  })
  const raw = await response.text()
  const body = raw
    .replaceAll(origin, '<origin>')
    .replace(/(\/__assets\/[^?"]+)\?[^"]*/g, '$1?<signed>')
  return { status: response.status, headers, body, raw }
}

const REQUESTS: Array<[string, Record<string, string>, string?]> = [
  ['/projects', { authorization: 'Bearer k_a' }],
  ['/projects', { authorization: 'Bearer k_b' }],
  ['/projects', { authorization: 'Bearer k_c' }],
  ['/projects', {}],
  ['/projects', { authorization: 'Basic abc' }],
  ['/projects', { authorization: 'Bearer' }],
  ['/projects', { authorization: 'Bearer nope' }],
  ['/projects', { authorization: 'Bearer k_expired' }],
  ['/projects', { authorization: 'Bearer k_revoked' }],
  ['/projects/p1', { authorization: 'Bearer k_a' }],
  ['/projects/p2', { authorization: 'Bearer k_a' }],
  ['/projects/p3', { authorization: 'Bearer k_a' }],
  ['/projects/p9', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents', { authorization: 'Bearer k_a' }],
  ['/projects/p4/contents', { authorization: 'Bearer k_a' }],
  ['/projects/p3/contents', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents/v1', { authorization: 'Bearer k_a' }],
  ['/projects/p2/contents/v3', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents/v3', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents/v9', { authorization: 'Bearer k_a' }],
  ['/projects/%zz', { authorization: 'Bearer k_a' }],
  ['/projects/a.b/contents', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents/%E0%A4%A', { authorization: 'Bearer k_a' }],
  ['/projects/', { authorization: 'Bearer k_a' }],
  ['/nope', { authorization: 'Bearer k_a' }],
  ['', { authorization: 'Bearer k_a' }],
  ['/projects/p1/contents/v1/x', { authorization: 'Bearer k_a' }],
  ['/projects', { authorization: 'Bearer k_a' }, 'POST'],
  ['/projects/p1', { authorization: 'Bearer k_a' }, 'DELETE'],
  ['/projects?page=2&limit=1', { authorization: 'Bearer k_a' }],
]

it('answers every request exactly as the interceptor does', async () => {
  const fixtures = loadFixture('small.json')
  await using server = await startServer({ fixtures })
  const interceptor = setupServer(
    ...createContentApiMock({ fixtures }).handlers,
  )
  interceptor.listen({ onUnhandledRequest: 'bypass' })
  try {
    for (const [path, headers, method = 'GET'] of REQUESTS) {
      const mocked = await describe(
        await fetch(`https://api.example.com/public-api/v1${path}`, {
          method,
          headers,
        }),
        'https://api.example.com',
      )
      const { raw, ...served } = await describe(
        await fetch(`${server.apiUrl}${path}`, { method, headers }),
        server.url,
      )
      const { raw: _, ...expected } = mocked
      expect({ path, method, ...served }).toEqual({ path, method, ...expected })
      expectResponseToMatchOpenApi({
        method,
        url: `${server.apiUrl}${path}`,
        status: served.status,
        body: JSON.parse(raw),
      })
    }
  } finally {
    interceptor.close()
  }
})

it('issues asset URLs on the server origin that serve real media with ranges', async () => {
  await using server = await startSmallServer()
  const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  const { download_url, thumbnail_url } = (await detail.json()).data.content
  expect(download_url.startsWith(`${server.url}/__assets/m1/`)).toBe(true)

  const whole = await fetch(download_url)
  expect(whole.status).toBe(200)
  expect(whole.headers.get('content-type')).toBe('video/mp4')
  expect(whole.headers.get('accept-ranges')).toBe('bytes')
  const size = Number(whole.headers.get('content-length'))
  expect((await whole.arrayBuffer()).byteLength).toBe(size)

  const part = await fetch(download_url, {
    headers: { range: 'bytes=100-199' },
  })
  expect(part.status).toBe(206)
  expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`)
  expect(part.headers.get('content-length')).toBe('100')
  expect((await part.arrayBuffer()).byteLength).toBe(100)

  const tail = await fetch(download_url, { headers: { range: 'bytes=-10' } })
  expect(tail.status).toBe(206)
  expect(tail.headers.get('content-range')).toBe(
    `bytes ${size - 10}-${size - 1}/${size}`,
  )

  const beyond = await fetch(download_url, {
    headers: { range: `bytes=${size}-` },
  })
  expect(beyond.status).toBe(416)

  const head = await fetch(thumbnail_url, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-type')).toBe('image/jpeg')
  expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)

  const tampered = await fetch(download_url.replace('/m1/', '/m2/'))
  expect(tampered.status).toBe(403)
  expect((await tampered.json()).error.code).toBe('asset_url_invalid')
})

it('answers CORS preflights with the allowed origin, GET and the Authorization header', async () => {
  await using server = await startSmallServer()
  const preflight = await sendPreflight(
    `${server.apiUrl}/projects`,
    'http://localhost:5173',
    'GET',
    'authorization',
  )
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  expect(preflight.headers.get('access-control-allow-methods')).toMatch(
    /\bGET\b/,
  )
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(
    /Authorization/i,
  )

  const actual = await fetch(`${server.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173', authorization: 'Bearer nope' },
  })
  expect(actual.headers.get('access-control-allow-origin')).toBe('*')
  expect(actual.headers.get('access-control-expose-headers')).toMatch(
    /WWW-Authenticate/,
  )
})

it('allows only the configured CORS origins when corsOrigin is set', async () => {
  await using server = await startSmallServer({
    corsOrigin: ['http://localhost:5173'],
  })
  const allowed = await fetch(`${server.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173', authorization: 'Bearer k_a' },
  })
  expect(allowed.headers.get('access-control-allow-origin')).toBe(
    'http://localhost:5173',
  )
  expect(allowed.headers.get('vary')).toMatch(/Origin/)
  const other = await fetch(`${server.apiUrl}/projects`, {
    headers: { origin: 'http://evil.example', authorization: 'Bearer k_a' },
  })
  expect(other.headers.get('access-control-allow-origin')).not.toBe(
    'http://evil.example',
  )
})

it('exports, replaces and resets the dataset through the control API', async () => {
  await using server = await startSmallServer()
  const health = await fetch(`${server.adminUrl}/health`)
  expect(await health.json()).toEqual({
    status: 'ok',
    projects: 4,
    contents: 4,
  })

  const exported = await (await fetch(`${server.adminUrl}/fixtures`)).json()
  expect(exported.projects).toHaveLength(4)

  exported.contents = exported.contents.slice(0, 1)
  const put = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(exported),
  })
  expect(put.status).toBe(200)
  expect(await put.json()).toEqual({
    status: 'loaded',
    projects: 4,
    contents: 1,
  })
  const list = await fetch(`${server.apiUrl}/projects/p1/contents`, {
    headers: { authorization: 'Bearer k_a' },
  })
  expect((await list.json()).meta.total).toBe(1)

  const reset = await fetch(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  expect(await reset.json()).toEqual({
    status: 'reset',
    projects: 4,
    contents: 4,
  })
})

it('answers an invalid fixture document with 400 naming every bad path and changes nothing', async () => {
  await using server = await startSmallServer()
  const broken = loadFixture('small.json')
  broken.contents[3].project_unique = 'p9'
  broken.projects[0].created_at = 'soon'
  const put = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(broken),
  })
  expect(put.status).toBe(400)
  const body = await put.json()
  expect(body.error.code).toBe('invalid_fixture')
  expect(
    body.error.issues.map((issue: { path: string }) => issue.path),
  ).toEqual(['projects[0].created_at', 'contents[3].project_unique'])
  const notJson = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{oops',
  })
  expect(notJson.status).toBe(400)
  expect((await notJson.json()).error.code).toBe('invalid_json')
  const health = await (await fetch(`${server.adminUrl}/health`)).json()
  expect(health.contents).toBe(4)
})

it('protects the control API with the admin token when one is set', async () => {
  await using server = await startServer({ adminToken: 's3cret' })
  const without = await fetch(`${server.adminUrl}/health`)
  expect(without.status).toBe(401)
  expect((await without.json()).error.code).toBe('unauthorized')
  const wrong = await fetch(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: { authorization: 'Bearer nope' },
  })
  expect(wrong.status).toBe(401)
  const right = await fetch(`${server.adminUrl}/health`, {
    headers: { authorization: 'Bearer s3cret' },
  })
  expect(right.status).toBe(200)
})

it('serves the OpenAPI document with its own URL as the server', async () => {
  await using server = await startServer()
  const document = await (await fetch(`${server.url}/openapi.json`)).json()
  expect(document.openapi).toBe('3.1.0')
  expect(document.servers).toEqual([{ url: server.apiUrl }])
})

it('answers paths outside the API and the control API with the 404 envelope', async () => {
  await using server = await startServer()
  for (const path of [
    '/',
    '/favicon.ico',
    '/public-api',
    '/public-api/v2/projects',
    '/__mock/nope',
  ]) {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status).toBe(404)
    expect((await response.json()).error.code).toBe('not_found')
  }
})

/** Sends raw bytes and resolves with everything the server wrote back. */
function sendRaw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request))
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

it('answers unparsable requests, huge headers and odd methods with JSON, never a stack trace', async () => {
  await using server = await startServer()
  const garbage = await sendRaw(server.url, 'HELLO THERE\r\n\r\n')
  expect(garbage).toMatch(/^HTTP\/1\.1 400 /)
  expect(garbage).toMatch(/"code":"bad_request"/)

  const huge = await sendRaw(
    server.url,
    `GET /public-api/v1/projects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  )
  expect(huge).toMatch(/^HTTP\/1\.1 431 /)
  expect(huge).toMatch(/"code":"headers_too_large"/)

  const odd = await sendRaw(
    server.url,
    'PROPFIND /public-api/v1/projects HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer demo-key-alpha\r\nConnection: close\r\n\r\n',
  )
  expect(odd).toMatch(/^HTTP\/1\.1 405 /)
  expect(odd).toMatch(/"code":"method_not_allowed"/)

  for (const response of [garbage, huge, odd]) {
    expect(response).not.toMatch(/at .+\.js:\d+/)
  }
  const still = await fetch(`${server.url}/__mock/health`)
  expect(still.status).toBe(200)
})

it("tries the user's own msw handlers first, then the mock", async () => {
  await using server = await startSmallServer({
    handlers: [
      http.get('*/public-api/v1/projects/p1', () =>
        HttpResponse.json({ data: { overridden: true } }),
      ),
      http.get('*/public-api/v1/projects/:id/stats', ({ params }) =>
        HttpResponse.json({ data: { project: params.id, views: 42 } }),
      ),
      http.get('*/public-api/v1/projects/p4', () => HttpResponse.error()),
    ],
  })
  const headers = { authorization: 'Bearer k_a' }
  const overridden = await fetch(`${server.apiUrl}/projects/p1`, {
    headers: { ...headers, origin: 'http://localhost:5173' },
  })
  // CORS applies to the user's handlers too, so browser apps can read them.
  expect(overridden.headers.get('access-control-allow-origin')).toBe('*')
  expect(await overridden.json()).toEqual({ data: { overridden: true } })
  expect(
    await (
      await fetch(`${server.apiUrl}/projects/p2/stats`, { headers })
    ).json(),
  ).toEqual({
    data: { project: 'p2', views: 42 },
  })
  expect(
    (await fetch(`${server.apiUrl}/projects/p2`, { headers })).status,
  ).toBe(200)
  await expect(
    fetch(`${server.apiUrl}/projects/p4`, { headers }),
  ).rejects.toThrow()
})

it("never asks the user's handlers under /__mock, in any case", async () => {
  await using server = await startSmallServer({
    handlers: [http.all('*', () => HttpResponse.json({ mine: true }))],
  })
  for (const path of ['/__mock/health', '/__MOCK/health']) {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status, path).toBe(200)
    expect(await response.json(), path).not.toEqual({ mine: true })
  }
  // Below a path that only starts like /__mock, the handlers are asked.
  expect(await (await fetch(`${server.url}/__mockery`)).json()).toEqual({
    mine: true,
  })
})

it('answers a JSON 404 to the API prefix in another case', async () => {
  await using server = await startSmallServer()
  const response = await fetch(`${server.url}/PUBLIC-API/v1/projects`, {
    headers: { authorization: 'Bearer k_a' },
  })
  expect(response.status).toBe(404)
  expect((await response.json()).error.code).toBe('not_found')
})

it('reports each answered request with its key label, never the key', async () => {
  const entries: unknown[] = []
  await using server = await startSmallServer({
    onRequest: (entry) => entries.push(entry),
  })
  const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  const { thumbnail_url } = (await detail.json()).data.content
  entries.length = 0
  await fetch(`${server.apiUrl}/projects/p1?x=1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  await fetch(`${server.adminUrl}/health`)
  await (await fetch(thumbnail_url)).arrayBuffer()
  expect(entries).toEqual([
    {
      method: 'GET',
      path: '/public-api/v1/projects/p1?x=1',
      status: 200,
      durationMs: expect.any(Number),
      keyLabel: 'acct_a#1',
      endpoint: 'getProject',
    },
    {
      method: 'GET',
      path: '/__mock/health',
      status: 200,
      durationMs: expect.any(Number),
    },
    {
      method: 'GET',
      path: new URL(thumbnail_url).pathname + new URL(thumbnail_url).search,
      status: 200,
      durationMs: expect.any(Number),
      endpoint: 'asset',
    },
  ])
  expect(JSON.stringify(entries)).not.toContain('k_a')
})

it('finishes in-flight requests on close and then refuses new connections', async () => {
  // The handler tells when the request has reached it and holds the answer
  // until the server is closing, so the request is in flight for certain.
  let arrived!: () => void
  const hasArrived = new Promise<void>((resolve) => (arrived = resolve))
  let release!: () => void
  const isReleased = new Promise<void>((resolve) => (release = resolve))
  const server = await startSmallServer({
    handlers: [
      http.get('*/slow', async () => {
        arrived()
        await isReleased
        return HttpResponse.json({ done: true })
      }),
    ],
  })
  const inFlight = fetch(`${server.url}/slow`)
  await hasArrived
  const closed = server.close()
  release()
  const response = await inFlight
  expect(await response.json()).toEqual({ done: true })
  await closed
  await expect(fetch(`${server.apiUrl}/projects`)).rejects.toThrow()
})

it('rejects with EADDRINUSE when the port is taken', async () => {
  await using first = await startServer()
  const port = Number(new URL(first.url).port)
  await expect(startServer({ port })).rejects.toMatchObject({
    code: 'EADDRINUSE',
  })
})
