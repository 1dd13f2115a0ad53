import { expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { startServer, startSmallServer } from '../../support/server.js'
import { sendPreflight } from '../../support/send-preflight.js'

const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']

/** Each control path and the methods it answers, as a client sees them. */
const CONTROL_PATHS: Record<string, string> = {
  '/health': 'GET, HEAD',
  '/fixtures': 'GET, HEAD, PUT',
  '/reset': 'POST',
  '/scenarios': 'GET, HEAD, POST, DELETE',
  '/scenarios/scn_1': 'DELETE',
  '/presets': 'GET, HEAD',
  '/requests': 'GET, HEAD, DELETE',
  '/clock': 'GET, HEAD, POST, DELETE',
  '/contents': 'GET, HEAD, POST',
  '/contents/v1': 'GET, HEAD, PATCH, DELETE',
  '/projects': 'GET, HEAD, POST',
  '/projects/p1': 'GET, HEAD, PATCH, DELETE',
  '/api-keys': 'GET, HEAD, POST',
  '/api-keys/k%2Fa': 'GET, HEAD, PATCH, DELETE',
  '/accounts': 'GET, HEAD, POST',
  '/accounts/acct_a': 'GET, HEAD, PATCH, DELETE',
}

it('answers 405 with Allow and a hint for every method a control path lacks', async () => {
  await using server = await startServer()
  for (const [path, allow] of Object.entries(CONTROL_PATHS)) {
    for (const method of METHODS) {
      if (allow.split(', ').includes(method)) continue
      const response = await fetch(`${server.adminUrl}${path}`, { method })
      const label = `${method} /__mock${path}`
      expect(response.status, label).toBe(405)
      expect(response.headers.get('allow'), label).toBe(allow)
      if (method === 'HEAD') continue
      const { error } = await response.json()
      expect(error.code, label).toBe('method_not_allowed')
      expect(error.message, label).toContain(
        `${method} is not allowed on /__mock${path}, which answers `,
      )
    }
  }
})

it('answers OPTIONS /__mock/health with JSON, not the text/plain list express writes', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.adminUrl}/health`, {
    method: 'OPTIONS',
  })
  expect(response.status).toBe(405)
  expect(response.headers.get('allow')).toBe('GET, HEAD')
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect((await response.json()).error).toEqual({
    code: 'method_not_allowed',
    message:
      'OPTIONS is not allowed on /__mock/health, which answers GET and HEAD.',
  })
})

it('still answers a CORS preflight to the control API from a named origin with 204', async () => {
  await using server = await startServer({
    corsOrigin: ['http://localhost:3000'],
  })
  const response = await sendPreflight(
    `${server.adminUrl}/health`,
    'http://localhost:3000',
    'GET',
  )
  expect(response.status).toBe(204)
  expect(response.headers.get('access-control-allow-origin')).toBe(
    'http://localhost:3000',
  )
})

it.each([
  [
    'a POST to the fixtures at PUT, which replaces the dataset',
    ['POST', '/fixtures', JSON.stringify(loadFixture('small.json'))],
    'GET, HEAD, PUT',
    'POST is not allowed on /__mock/fixtures, which answers GET, HEAD and PUT. Use PUT to send a body here.',
  ],
  [
    'a PUT to one record at PATCH, which takes a merge patch',
    ['PUT', '/contents/v1', '{}'],
    'GET, HEAD, PATCH, DELETE',
    'PUT is not allowed on /__mock/contents/v1, which answers GET, HEAD, PATCH and DELETE. Use PATCH to send a body here.',
  ],
] as const)(
  'points %s',
  async (_what, [method, path, body], allow, message) => {
    await using server = await startServer()
    const response = await fetch(`${server.adminUrl}${path}`, { method, body })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe(allow)
    expect((await response.json()).error.message).toBe(message)
  },
)

it('keeps 404 for paths that do not exist under /__mock at all', async () => {
  await using server = await startServer()
  for (const method of ['GET', 'POST']) {
    const response = await fetch(`${server.adminUrl}/fixture`, { method })
    expect(response.status).toBe(404)
    expect(response.headers.get('allow')).toBeNull()
    const { error } = await response.json()
    expect(error.code).toBe('not_found')
    expect(error.message).toMatch(/^Nothing at /)
  }
})

it('answers 401 before 405 when the control API has an admin token', async () => {
  await using server = await startServer({ adminToken: 's3cret' })
  const response = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'POST',
  })
  expect(response.status).toBe(401)
})

it('matches a scenario path added through the control API relative to the API prefix', async () => {
  await using server = await startSmallServer()
  const added = await fetch(`${server.adminUrl}/scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 503, match: { path: '/projects/p1' } }),
  })
  expect(added.status).toBe(201)
  const get = (path: string) =>
    fetch(`${server.apiUrl}${path}`, {
      headers: { authorization: 'Bearer k_a' },
    })
  expect((await get('/projects/p1')).status).toBe(503)
  expect((await get('/projects/p1/contents')).status).toBe(503)
  expect((await get('/projects')).status).toBe(200)
})
