import { expect, it } from 'vitest'
import {
  errorOf,
  exchange,
  headerOf,
  statusOf,
} from '../support/raw-exchange.js'
import { startServer, startSmallServer } from '../support/server.js'

// How the server answers requests of the less common forms: HEAD, CONNECT,
// an absolute-form target, no Host, a target that is neither path nor URL.

const KEY = 'Bearer k_a'

it('answers HEAD on API routes as GET does, without the body, on the server', async () => {
  await using server = await startSmallServer()
  for (const path of ['/projects', '/projects/p1', '/projects/p9']) {
    const url = `${server.apiUrl}${path}`
    const get = await fetch(url, { headers: { authorization: KEY } })
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { authorization: KEY },
    })
    expect(head.status).toBe(get.status)
    expect(head.headers.get('content-type')).toBe(
      get.headers.get('content-type'),
    )
    expect(head.headers.get('content-length')).toBe(
      String(Buffer.byteLength(await get.text())),
    )
    expect(await head.text()).toBe('')
  }
  const unauthorized = await fetch(`${server.apiUrl}/projects`, {
    method: 'HEAD',
  })
  expect(unauthorized.status).toBe(401)
  expect(unauthorized.headers.get('www-authenticate')).toMatch(/^Bearer/)
})

it('answers CONNECT with 405 JSON instead of closing the connection', async () => {
  await using server = await startServer()
  const { text } = await exchange(server.url, [
    'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
  ])
  expect(statusOf(text)).toBe(405)
  expect(errorOf(text).code).toBe('method_not_allowed')
  expect(errorOf(text).message).toMatch(/not a proxy/)
})

it('answers an absolute-form request line as its path, with the host of the URL', async () => {
  await using server = await startSmallServer()
  const { text } = await exchange(server.url, [
    `GET http://localhost/public-api/v1/projects/p1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${KEY}\r\nConnection: close\r\n\r\n`,
  ])
  expect(statusOf(text)).toBe(200)
  const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))
  expect(body.data.project_unique).toBe('p1')
})

it('answers an HTTP/1.1 request without Host with 400 JSON naming the header', async () => {
  await using server = await startServer()
  const { text } = await exchange(server.url, [
    'GET /__mock/health HTTP/1.1\r\n\r\n',
  ])
  expect(statusOf(text)).toBe(400)
  expect(headerOf(text, 'connection')).toBe('close')
  expect(errorOf(text)).toMatchObject({
    code: 'bad_request',
    message: expect.stringMatching(/no Host header/),
  })
})

it('answers a request target that is neither a path nor a URL with 400 JSON', async () => {
  await using server = await startServer()
  const { text } = await exchange(server.url, [
    'GET ftp://example.com/public-api/v1/projects HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  expect(statusOf(text)).toBe(400)
  expect(errorOf(text).message).toMatch(/neither a path nor an http URL/)
})
