import { connect } from 'node:net'
import {
  CONTROL_ERROR_CODES,
  createContentApiMock,
  ERROR_CODES,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { startServer, startSmallServer } from '../support/server.js'

const KEY = { authorization: 'Bearer k_a' }

/** Sends raw bytes and resolves with everything the server wrote back. */
function sendBytes(
  url: string,
  request: string,
  { end = true } = {},
): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    let data = ''
    // Without `end`, the request stays open until the server ends it.
    const socket = connect(Number(port), hostname, () =>
      end ? socket.end(request) : socket.write(request),
    )
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

async function codeOf(response: Response | Promise<Response>) {
  return ((await (await response).json()) as { error: { code: string } }).error
    .code
}

function codeInRaw(answer: string): string {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code
}

it('answers a code listed in ERROR_CODES for every status a scenario can force', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  await mock.ready
  for (let status = 400; status <= 599; status++) {
    mock.scenarios.clear()
    mock.scenarios.add({ status })
    const response = mock.handle({
      method: 'GET',
      origin: 'http://localhost',
      path: '/public-api/v1/projects',
      query: '',
      headers: new Headers(KEY),
    })
    const { code } = JSON.parse(String(response?.body)).error
    expect(ERROR_CODES, `status ${status}`).toContain(code)
  }
})

it('sends every code of ERROR_CODES and CONTROL_ERROR_CODES, and no other', async () => {
  await using server = await startSmallServer()
  await using guarded = await startServer({ adminToken: 's3cret' })
  await using impatient = await startServer({ headersTimeout: 100 })
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.apiUrl}${path}`, init)
  const control = (path: string, method = 'GET', body?: string) =>
    fetch(`${server.adminUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body,
    })
  const forced = async (status: number) => {
    await control('/scenarios', 'POST', JSON.stringify({ status, times: 1 }))
    return codeOf(api('/projects', { headers: KEY }))
  }

  const detail = await (
    await api('/projects/p1/contents', { headers: KEY })
  ).json()
  const content = await (
    await api(`/projects/p1/contents/${detail.data[0].variation_unique}`, {
      headers: KEY,
    })
  ).json()
  const assetUrl: string = content.data.content.download_url

  const apiCodes = [
    await codeOf(api('/projects')),
    await codeOf(api('/projects/p9', { headers: KEY })),
    await codeOf(api('/projects', { method: 'POST', headers: KEY })),
    await codeOf(api('/projects/%20', { headers: KEY })),
    await codeOf(
      api('/projects', {
        headers: { ...KEY, 'x-mock-scenario': 'rate-limited' },
      }),
    ),
    await codeOf(
      api('/projects', {
        headers: { ...KEY, 'x-mock-scenario': 'server-error' },
      }),
    ),
    await codeOf(
      api('/projects', { headers: { ...KEY, 'x-mock-scenario': 'x' } }),
    ),
    await codeOf(
      api('/projects', { headers: { ...KEY, 'x-mock-variant': 'x' } }),
    ),
    await codeOf(fetch(`${assetUrl}0`)),
    await codeOf(fetch(assetUrl, { headers: { range: 'bytes=999999999-' } })),
    codeInRaw(await sendBytes(server.url, 'HELLO THERE\r\n\r\n')),
    codeInRaw(
      await sendBytes(
        server.url,
        `GET /public-api/v1/projects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    ),
    codeInRaw(
      await sendBytes(impatient.url, 'GET / HTTP/1.1\r\n', { end: false }),
    ),
    codeInRaw(
      await sendBytes(
        server.url,
        'GET /public-api/v1/projects HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      ),
    ),
    await forced(403),
    await forced(409),
    await forced(502),
    await forced(503),
    await forced(504),
  ]
  await control('/clock', 'POST', JSON.stringify({ advance: '1h' }))
  apiCodes.push(await codeOf(fetch(assetUrl)))

  const controlCodes = [
    await codeOf(fetch(`${guarded.adminUrl}/health`)),
    await codeOf(control('/scenarios/scn_nope', 'DELETE')),
    await codeOf(control('/fixtures', 'POST')),
    await codeOf(control('/clock', 'POST', '{')),
    await codeOf(control('/clock', 'POST', `"${'a'.repeat(1_100_000)}"`)),
    await codeOf(control('/fixtures', 'PUT', '{}')),
    await codeOf(control('/scenarios', 'POST', '{}')),
    await codeOf(control('/requests?colour=red')),
    await codeOf(control('/clock', 'POST', '{"set": "soon"}')),
    await codeOf(control('/variants', 'PUT', '{"variants": ["x"]}')),
    await codeOf(control('/projects/p1?cascade=maybe', 'DELETE')),
    await codeOf(control('/projects/p1', 'DELETE')),
    await codeOf(
      fetch(`${server.adminUrl}/clock`, { method: 'POST', body: '{}' }),
    ),
    codeInRaw(
      await sendBytes(
        server.url,
        'GET /__mock/health HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      ),
    ),
  ]

  for (const code of apiCodes) expect(ERROR_CODES).toContain(code)
  for (const code of controlCodes) expect(CONTROL_ERROR_CODES).toContain(code)
  expect(new Set(apiCodes)).toEqual(new Set(ERROR_CODES))
  // @note `internal_error` of the control API answers a bug, which no
  // request can cause on purpose; `redis_unavailable` answers a replica whose
  // Redis is away, which test/replicas/ sends; `too_many_uploads` a flood of
  // uploads, which test/server/control/upload-flood.test.ts sends.
  const sentElsewhere = [
    'internal_error',
    'redis_unavailable',
    'too_many_uploads',
  ]
  expect(new Set(controlCodes)).toEqual(
    new Set(
      CONTROL_ERROR_CODES.filter((code) => !sentElsewhere.includes(code)),
    ),
  )
})
