import { request as httpRequest } from 'node:http'
import { OptionsError } from 'content-api-mock'
import type { ContentApiServerOptions } from 'content-api-mock/server'
import { expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import { startServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'

const fixtures = loadFixture('small.json')
const KEY = 'Bearer k_a'
const EVIL = 'http://evil.example'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * One request with exactly these headers (`fetch` would add its own
 * `Content-Type` and refuse to set `Host`), to `url` on loopback.
 */
function send(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body,
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

function codeOf(answer: Answer): string {
  return JSON.parse(answer.body).error.code
}

async function scenariosOf(adminUrl: string, authorization?: string) {
  const answer = await send(`${adminUrl}/scenarios`, {
    headers: authorization === undefined ? {} : { authorization },
  })
  return JSON.parse(answer.body).data
}

it('refuses a plain-text POST from another origin with 415 and changes nothing, also with corsOrigin', async () => {
  for (const corsOrigin of [undefined, 'http://localhost:3000']) {
    await using server = await startServer({ fixtures, corsOrigin })
    const answer = await send(`${server.adminUrl}/scenarios`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: '{"preset":"network-error"}',
    })
    expect(answer.status).toBe(415)
    expect(codeOf(answer)).toBe('unsupported_media_type')
    expect(JSON.parse(answer.body).error.message).toContain(
      'Send "Content-Type: application/json"',
    )
    expect(await scenariosOf(server.adminUrl)).toEqual([])
    const next = await send(`${server.apiUrl}/projects`, {
      headers: { authorization: KEY },
    })
    expect(next.status).toBe(200)
  }
})

it('refuses every body a web page can send without a preflight on each mutating control route', async () => {
  await using server = await startServer({ fixtures })
  await send(`${server.adminUrl}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"set": "2030-01-01T00:00:00Z"}',
  })
  const routes: Array<[string, string, string]> = [
    ['POST', '/scenarios', '{"preset":"server-error"}'],
    ['POST', '/clock', '{"advance":"1h"}'],
    ['POST', '/reset', ''],
    ['PUT', '/fixtures', '{"projects":[]}'],
    ['POST', '/contents', '{}'],
    ['PATCH', '/contents/v1', '{"title":"changed"}'],
  ]
  const types = [
    undefined,
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
    'text/json',
  ]
  for (const [method, path, body] of routes) {
    for (const type of types) {
      const answer = await send(`${server.adminUrl}${path}`, {
        method,
        headers: {
          origin: EVIL,
          ...(type === undefined ? {} : { 'content-type': type }),
        },
        body,
      })
      expect({ method, path, type, status: answer.status }).toEqual({
        method,
        path,
        type,
        status: 415,
      })
      expect(codeOf(answer)).toBe('unsupported_media_type')
    }
  }
  expect(await scenariosOf(server.adminUrl)).toEqual([])
  const clock = await send(`${server.adminUrl}/clock`)
  expect(JSON.parse(clock.body).now).toBe('2030-01-01T00:00:00.000Z')
  const content = await send(`${server.adminUrl}/contents/v1`)
  expect(JSON.parse(content.body).data.title).not.toBe('changed')
  const health = await send(`${server.adminUrl}/health`)
  expect(JSON.parse(health.body).projects).toBeGreaterThan(0)
})

it('refuses a bodiless POST /reset without Content-Type that a browser sent, and one with a body', async () => {
  await using server = await startServer({ fixtures })
  await send(`${server.adminUrl}/scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"preset":"server-error"}',
  })
  const browserHeaders: Array<Record<string, string>> = [
    { origin: EVIL },
    { origin: 'null' },
    { origin: server.url },
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
  ]
  for (const headers of browserHeaders) {
    const answer = await send(`${server.adminUrl}/reset`, {
      method: 'POST',
      headers,
    })
    expect({ headers, status: answer.status }).toEqual({ headers, status: 415 })
    expect(JSON.parse(answer.body).error.message).toContain(
      'comes from a web page (it has an Origin or Sec-Fetch-Site header)',
    )
  }
  for (const body of ['{}', 'x']) {
    const answer = await send(`${server.adminUrl}/reset`, {
      method: 'POST',
      body,
    })
    expect(answer.status).toBe(415)
    expect(JSON.parse(answer.body).error.message).toContain(
      'has no Content-Type, and a body',
    )
  }
  expect(await scenariosOf(server.adminUrl)).toHaveLength(1)
})

it('resets on a bodiless POST /reset without Content-Type from a program, as curl and Playwright send it', async () => {
  await using server = await startServer({ fixtures })
  const programHeaders: Array<Record<string, string>> = [
    {},
    { 'content-length': '0' },
    { 'sec-fetch-site': 'none' },
  ]
  for (const headers of programHeaders) {
    await send(`${server.adminUrl}/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"preset":"server-error"}',
    })
    const reset = await send(`${server.adminUrl}/reset`, {
      method: 'POST',
      headers,
    })
    expect({ headers, status: reset.status }).toEqual({ headers, status: 200 })
    expect(JSON.parse(reset.body).status).toBe('reset')
    expect(await scenariosOf(server.adminUrl)).toEqual([])
  }
})

it('asks for the admin token before reading a bodiless POST /reset', async () => {
  await using server = await startServer({ fixtures, adminToken: 's3cret' })
  const refused = await send(`${server.adminUrl}/reset`, { method: 'POST' })
  expect(refused.status).toBe(401)
  const reset = await send(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: { authorization: 'Bearer s3cret' },
  })
  expect(reset.status).toBe(200)
})

it('accepts JSON media types: with a charset, +json types, and a bodiless POST /reset', async () => {
  await using server = await startServer({ fixtures })
  const added = await send(`${server.adminUrl}/scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    body: '{"preset":"server-error"}',
  })
  expect(added.status).toBe(201)
  const patched = await send(`${server.adminUrl}/contents/v1`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: '{"title":"changed"}',
  })
  expect(patched.status).toBe(200)
  expect(JSON.parse(patched.body).data.title).toBe('changed')
  const reset = await send(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  expect(reset.status).toBe(200)
  expect(await scenariosOf(server.adminUrl)).toEqual([])
})

it('answers no Access-Control-Allow-Origin on /__mock and /__page to another origin, while the API allows any', async () => {
  await using server = await startServer({ fixtures })
  const fixturesAnswer = await send(`${server.adminUrl}/fixtures`, {
    headers: { origin: EVIL },
  })
  expect(fixturesAnswer.status).toBe(200)
  expect(fixturesAnswer.headers['access-control-allow-origin']).toBeUndefined()
  for (const path of ['/__mock/scenarios', '/__MOCK/scenarios']) {
    const preflight = await send(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined()
  }
  const config = await send(`${server.url}/__page/config.json`, {
    headers: { origin: EVIL },
  })
  expect(config.headers['access-control-allow-origin']).toBeUndefined()
  const api = await send(`${server.apiUrl}/projects`, {
    headers: { origin: EVIL, authorization: KEY },
  })
  expect(api.headers['access-control-allow-origin']).toBe('*')
})

it('answers CORS on /__mock only to an origin named with corsOrigin', async () => {
  await using server = await startServer({
    fixtures,
    corsOrigin: ['http://localhost:3000', '*'],
  })
  const preflight = (origin: string) =>
    send(`${server.adminUrl}/scenarios`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
  const named = await preflight('http://localhost:3000')
  expect(named.headers['access-control-allow-origin']).toBe(
    'http://localhost:3000',
  )
  const other = await preflight(EVIL)
  expect(other.headers['access-control-allow-origin']).toBeUndefined()
})

it('refuses a Host of evil.example with 403 JSON on every route, and changes nothing', async () => {
  await using server = await startServer({ fixtures })
  const requests: Array<[string, string, Record<string, string>]> = [
    ['GET', '/public-api/v1/projects', { authorization: KEY }],
    ['GET', '/public-api/v1/nope', {}],
    ['GET', '/__mock/fixtures', {}],
    ['POST', '/__mock/scenarios', { 'content-type': 'application/json' }],
    ['GET', '/', { accept: 'text/html' }],
    ['GET', '/__page/config.json', {}],
    ['GET', '/docs', { accept: 'text/html' }],
    ['GET', '/openapi.json', {}],
    ['GET', '/__assets/x', {}],
    ['GET', '/nothing-here', {}],
    ['OPTIONS', '/public-api/v1/projects', { origin: EVIL }],
  ]
  for (const host of ['evil.example', 'evil.example:4010', 'a@evil.example']) {
    for (const [method, path, headers] of requests) {
      const answer = await send(`${server.url}${path}`, {
        method,
        headers: { ...headers, host },
        body: method === 'POST' ? '{"preset":"network-error"}' : undefined,
      })
      expect({ host, method, path, status: answer.status }).toEqual({
        host,
        method,
        path,
        status: 403,
      })
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(codeOf(answer)).toBe('host_not_allowed')
    }
  }
  const answer = await send(`${server.apiUrl}/projects`, {
    headers: { host: 'evil.example:4010' },
  })
  expect(JSON.parse(answer.body).error.message).toContain(
    '--allowed-hosts evil.example',
  )
  expect(await scenariosOf(server.adminUrl)).toEqual([])
})

it('answers localhost names, IP addresses, the publicUrl host and allowedHosts', async () => {
  const status = async (url: string, host: string) =>
    (
      await send(`${url}/public-api/v1/projects`, {
        headers: { host, authorization: KEY },
      })
    ).status
  await using plain = await startServer({ fixtures })
  for (const host of [
    'localhost',
    'localhost:4010',
    'LocalHost.',
    'app.localhost:8080',
    '127.0.0.1:4010',
    '10.1.2.3',
    '[::1]:4010',
  ]) {
    expect({ host, status: await status(plain.url, host) }).toEqual({
      host,
      status: 200,
    })
  }
  expect(await status(plain.url, 'localhost.evil.example')).toBe(403)

  await using proxied = await startServer({
    fixtures,
    publicUrl: 'https://demo.example.com/',
    allowedHosts: ['mock', '.example.org'],
  })
  for (const host of [
    'demo.example.com',
    'mock:4010',
    'example.org',
    'a.b.example.org',
  ]) {
    expect({ host, status: await status(proxied.url, host) }).toEqual({
      host,
      status: 200,
    })
  }
  for (const host of ['other.example.com', 'badexample.org', 'mock2']) {
    expect({ host, status: await status(proxied.url, host) }).toEqual({
      host,
      status: 403,
    })
  }

  await using open = await startServer({ fixtures, allowedHosts: 'all' })
  expect(await status(open.url, 'evil.example')).toBe(200)
})

it('names a bad allowedHosts entry', async () => {
  await expect(
    startServer({ allowedHosts: ['https://example.com'] }),
  ).rejects.toThrow(
    /"allowedHosts": "https:\/\/example.com" is not a host name/,
  )
  const cases: Array<[unknown, RegExp]> = [
    ['any', /"allowedHosts": expected an array of host names, or "all"/],
    [['mock', 42], /"allowedHosts": expected host names as strings/],
  ]
  for (const [allowedHosts, message] of cases) {
    const started = startServer({
      allowedHosts: allowedHosts as ContentApiServerOptions['allowedHosts'],
    })
    await expect(started).rejects.toThrow(OptionsError)
    await expect(started).rejects.toThrow(message)
  }
})

it('reads the admin token with the scheme in any case, and refuses a wrong or partial token', async () => {
  await using server = await startServer({ adminToken: 's3cret' })
  const status = async (authorization: string) =>
    (await send(`${server.adminUrl}/health`, { headers: { authorization } }))
      .status
  for (const good of ['Bearer s3cret', 'bearer s3cret', 'BEARER   s3cret ']) {
    expect({ good, status: await status(good) }).toEqual({ good, status: 200 })
  }
  for (const bad of [
    'Bearer s3cre',
    'Bearer s3cret2',
    'Bearer S3CRET',
    'Bearer',
    'Basic s3cret',
    's3cret',
  ]) {
    expect({ bad, status: await status(bad) }).toEqual({ bad, status: 401 })
  }
})

it('generates an admin token when listening beyond loopback, and requires it', async () => {
  await using loopback = await startServer({ host: '127.0.0.1' })
  expect(loopback.adminToken).toBeUndefined()
  expect(loopback.adminTokenGenerated).toBe(false)

  await using wide = await startServer({ host: '0.0.0.0' })
  expect(wide.adminToken).toMatch(/^[0-9a-f]{32}$/)
  expect(wide.adminTokenGenerated).toBe(true)
  const local = `http://127.0.0.1:${new URL(wide.url).port}`
  expect((await send(`${local}/__mock/health`)).status).toBe(401)
  const config = await send(`${local}/__page/config.json`)
  expect(JSON.parse(config.body).adminTokenRequired).toBe(true)
  const authorized = await send(`${local}/__mock/health`, {
    headers: { authorization: `Bearer ${wide.adminToken}` },
  })
  expect(authorized.status).toBe(200)

  await using opened = await startServer({ host: '0.0.0.0', adminToken: false })
  expect(opened.adminToken).toBeUndefined()
  const open = `http://127.0.0.1:${new URL(opened.url).port}`
  expect((await send(`${open}/__mock/health`)).status).toBe(200)
})

it('prints a generated admin token in the banner on --host 0.0.0.0 and requires it', async () => {
  await using cli = await startCli(['--host', '0.0.0.0', '--port', '0'])
  const token = /Token +([0-9a-f]{32}) \(generated for this run/.exec(
    cli.stdout(),
  )?.[1]
  expect(token, cli.stdout()).toBeDefined()
  expect(cli.stdout()).toContain(
    '(needs "Authorization: Bearer <admin token>")',
  )
  const local = `http://127.0.0.1:${new URL(cli.url).port}`
  expect((await send(`${local}/__mock/health`)).status).toBe(401)
  const authorized = await send(`${local}/__mock/health`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(authorized.status).toBe(200)
  expect(cli.stderr()).not.toContain('warning')
})

it('opens the control API on --host 0.0.0.0 with --admin-token none, with a warning line', async () => {
  await using cli = await startCli([
    '--host',
    '0.0.0.0',
    '--port',
    '0',
    '--admin-token',
    'none',
  ])
  const local = `http://127.0.0.1:${new URL(cli.url).port}`
  expect((await send(`${local}/__mock/health`)).status).toBe(200)
  expect(cli.stdout()).toContain('(open to anyone: --admin-token none)')
  expect(cli.stdout()).not.toMatch(/Token +[0-9a-f]/)
  expect(cli.stderr()).toMatch(
    /^content-api-mock: warning: --admin-token none: the control API at http:\/\/0\.0\.0\.0:\d+\/__mock is open to anyone who can reach 0\.0\.0\.0:\d+; they can replace the data and read every API key\./m,
  )
})

it('answers a Host named with --allowed-hosts and shows the hosts in the banner', async () => {
  await using cli = await startCli([
    '--port',
    '0',
    '--allowed-hosts',
    'mock,.example.org',
  ])
  expect(cli.stdout()).toMatch(
    /Hosts +localhost, IP addresses and mock, \.example\.org/,
  )
  const status = async (host: string) =>
    (await send(`${cli.url}/__mock/health`, { headers: { host } })).status
  expect(await status('mock:4010')).toBe(200)
  expect(await status('a.example.org')).toBe(200)
  expect(await status('evil.example')).toBe(403)
})
