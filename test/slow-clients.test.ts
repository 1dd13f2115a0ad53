import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { loadFixture } from './support/load-fixture.js'
import { startCli } from './support/start-cli.js'
import { startServer } from './support/server.js'

const KEY = 'Bearer k_a'

/** What a raw connection received, and how it ended. */
interface RawExchange {
  /** Everything the server wrote, as Latin-1 text. */
  text: string
  /** The socket error the client saw, e.g. `ECONNRESET`, if any. */
  error?: string
}

/**
 * Opens a connection, writes `parts` one after the other without ending its
 * side, and resolves once the server has closed the connection.
 */
function exchange(
  url: string,
  parts: ReadonlyArray<string | Buffer>,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const result: RawExchange = { text: '' }
    const socket = connect(Number(port), hostname, () => {
      for (const part of parts) socket.write(part)
    })
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (result.text += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      result.error = error.code
    })
    socket.on('close', () => resolve(result))
  })
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1])
}

function headerOf(text: string, name: string): string | undefined {
  const head = text.slice(0, text.indexOf('\r\n\r\n'))
  const line = head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(name.length + 1).trim()
}

function errorOf(text: string): { code: string; message: string } {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).error
}

it('answers 408 JSON and closes a connection that sends nothing within the headers timeout', async () => {
  await using server = await startServer({ headersTimeout: 200 })
  const { text } = await exchange(server.url, [])
  expect(statusOf(text)).toBe(408)
  expect(headerOf(text, 'connection')).toBe('close')
  expect(errorOf(text).code).toBe('request_timeout')
})

it('answers 408 JSON, not 400, when the headers stop halfway', async () => {
  await using server = await startServer({ headersTimeout: 200 })
  const { text } = await exchange(server.url, [
    'GET /public-api/v1/projects HTTP/1.1\r\nHost: localhost\r\n',
  ])
  expect(statusOf(text)).toBe(408)
  expect(errorOf(text).message).toMatch(/--headers-timeout/)
})

it('answers 408 JSON when a body stops halfway, within the request timeout', async () => {
  await using server = await startServer({
    headersTimeout: 200,
    requestTimeout: 400,
  })
  const { text } = await exchange(server.url, [
    'PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  ])
  expect(statusOf(text)).toBe(408)
  expect(errorOf(text).code).toBe('request_timeout')
})

it('closes a connection that stays silent after its answer, with the idle timeout', async () => {
  await using server = await startServer({
    idleTimeout: 300,
    keepAliveTimeout: 0,
  })
  const { text, error } = await exchange(server.url, [
    'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  expect(statusOf(text)).toBe(200)
  expect(headerOf(text, 'connection')).toBe('keep-alive')
  expect(error).toBeUndefined()
})

it('closes a connection that stays silent after its second answer, with the idle timeout', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    idleTimeout: 300,
    keepAliveTimeout: 0,
  })
  const { text, error } = await exchange(server.url, [
    'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    `GET /public-api/v1/projects HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${KEY}\r\n\r\n`,
  ])
  expect(text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2)
  expect(error).toBeUndefined()
})

it('says its keep-alive timeout in the Keep-Alive header', async () => {
  await using server = await startServer({ keepAliveTimeout: 3000 })
  const response = await fetch(`${server.url}/__mock/health`)
  expect(response.headers.get('keep-alive')).toBe('timeout=3')
})

it('keeps a connection whose answer a latency scenario delays past the idle timeout', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    idleTimeout: 100,
  })
  server.mock.scenarios.add({ latency: 500 })
  const response = await fetch(`${server.apiUrl}/projects`, {
    headers: { authorization: KEY },
  })
  expect(response.status).toBe(200)
})

it('answers a declared 250 MB body with 413 JSON at once, without reading it', async () => {
  await using server = await startServer()
  const { text } = await exchange(server.url, [
    `PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${250 * 1_048_576}\r\n\r\n{`,
  ])
  expect(statusOf(text)).toBe(413)
  expect(headerOf(text, 'connection')).toBe('close')
  expect(errorOf(text)).toEqual({
    code: 'payload_too_large',
    message:
      'The request body is larger than this route accepts (200 MiB). Send a smaller body.',
  })
})

it('answers an Expect: 100-continue upload over the limit with 413 and no go-ahead', async () => {
  await using server = await startServer()
  const { text } = await exchange(server.url, [
    `PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${250 * 1_048_576}\r\n\r\n`,
  ])
  expect(statusOf(text)).toBe(413)
})

it('says 100 Continue to an Expect: 100-continue upload within the limit', async () => {
  await using server = await startServer()
  const body = '{"advance": "1h"}'
  const { text } = await exchange(server.url, [
    `POST /__mock/clock HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
  ])
  expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /)
})

it('cuts a chunked body at the limit with 413 JSON, without waiting for its end', async () => {
  await using server = await startServer()
  const chunk = Buffer.alloc(65_536, 0x20)
  const parts: Array<string | Buffer> = [
    'POST /__mock/scenarios HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
  ]
  // 1.25 MiB of a body that never ends (no last chunk).
  for (let i = 0; i < 20; i++) parts.push('10000\r\n', chunk, '\r\n')
  const { text } = await exchange(server.url, parts)
  expect(statusOf(text)).toBe(413)
  expect(errorOf(text).message).toMatch(/\(1 MiB\)/)
})

it('answers HEAD on API routes as GET does, without the body, on the server', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
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
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
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

it('refuses server timeouts that are not whole milliseconds, naming the option', async () => {
  await expect(startServer({ shutdownTimeout: -1 })).rejects.toThrow(
    /"shutdownTimeout": expected a whole number from 0 to 86400000/,
  )
  await expect(
    startServer({ headersTimeout: 5000, requestTimeout: 1000 }),
  ).rejects.toThrow(/"headersTimeout": must not be longer than/)
})

it('takes the timeouts from the command line flags', async () => {
  await using cli = await startCli([
    '--port',
    '0',
    '--log',
    'off',
    '--headers-timeout',
    '200',
    '--request-timeout',
    '300',
    '--keep-alive-timeout',
    '3000',
  ])
  expect(statusOf((await exchange(cli.url, [])).text)).toBe(408)
  const upload = await exchange(cli.url, [
    'PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  ])
  expect(statusOf(upload.text)).toBe(408)
  const response = await fetch(`${cli.url}/__mock/health`)
  expect(response.headers.get('keep-alive')).toBe('timeout=3')
})

it('takes the idle timeout from the command line', async () => {
  await using cli = await startCli([
    '--port',
    '0',
    '--log',
    'off',
    '--keep-alive-timeout',
    '0',
    '--idle-timeout',
    '300',
  ])
  const { text } = await exchange(cli.url, [
    'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  expect(statusOf(text)).toBe(200)
})
