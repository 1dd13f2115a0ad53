import { expect, it } from 'vitest'
import {
  errorOf,
  exchange,
  headerOf,
  statusOf,
} from '../support/raw-exchange.js'
import { startCli } from '../support/start-cli.js'
import { startServer, startSmallServer } from '../support/server.js'

const KEY = 'Bearer k_a'

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

const HEALTH = 'GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n'
const PROJECTS = `GET /public-api/v1/projects HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${KEY}\r\n\r\n`

it.each([
  ['its answer', [HEALTH]],
  ['its second answer', [HEALTH, PROJECTS]],
])(
  'closes a connection that stays silent after %s, with the idle timeout',
  async (_after, requests) => {
    await using server = await startSmallServer({
      idleTimeout: 300,
      keepAliveTimeout: 0,
    })
    const { text, error } = await exchange(server.url, requests)
    expect(statusOf(text)).toBe(200)
    expect(text.match(/HTTP\/1\.1 200 /g)).toHaveLength(requests.length)
    expect(headerOf(text, 'connection')).toBe('keep-alive')
    expect(error).toBeUndefined()
  },
)

it('says its keep-alive timeout in the Keep-Alive header', async () => {
  await using server = await startServer({ keepAliveTimeout: 3000 })
  const response = await fetch(`${server.url}/__mock/health`)
  expect(response.headers.get('keep-alive')).toBe('timeout=3')
})

it('keeps a connection whose answer a latency scenario delays past the idle timeout', async () => {
  await using server = await startSmallServer({
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

it('refuses server timeouts that are not whole milliseconds, naming the option', async () => {
  await expect(startServer({ shutdownTimeout: -1 })).rejects.toThrow(
    /"shutdownTimeout": expected a whole number from 0 to 86400000/,
  )
  await expect(
    startServer({ headersTimeout: 5000, requestTimeout: 1000 }),
  ).rejects.toThrow(/"headersTimeout": must not be longer than/)
})

it('takes the timeouts from the command line flags', async () => {
  await using cli = await startCli(
    '--port 0 --log off --headers-timeout 200 --request-timeout 300 --keep-alive-timeout 3000'.split(
      ' ',
    ),
  )
  expect(statusOf((await exchange(cli.url, [])).text)).toBe(408)
  const upload = await exchange(cli.url, [
    'PUT /__mock/fixtures HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  ])
  expect(statusOf(upload.text)).toBe(408)
  const response = await fetch(`${cli.url}/__mock/health`)
  expect(response.headers.get('keep-alive')).toBe('timeout=3')
})

it('takes the idle timeout from the command line', async () => {
  await using cli = await startCli(
    '--port 0 --log off --keep-alive-timeout 0 --idle-timeout 300'.split(' '),
  )
  const { text } = await exchange(cli.url, [HEALTH])
  expect(statusOf(text)).toBe(200)
})
