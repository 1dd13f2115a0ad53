import {
  createContentApiMock,
  VARIANT_NAMES,
  VARIANT_SUMMARIES,
} from 'content-api-mock'
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
// A unit test of the CLI's request log line, which no entry exports.
import { createRequestLogger } from '../../../src/cli/serve/create-request-logger.js'
import { startServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'
import { sendPreflight } from '../../support/send-preflight.js'

const AUTH = { authorization: 'Bearer demo-key-alpha' }
const JSON_TYPE = { 'content-type': 'application/json' }

it('refuses an unknown variant in the options with a message naming the known ones', () => {
  expect(() =>
    createContentApiMock({ variants: ['nullable', 'chaos' as 'nullable'] }),
  ).toThrow(/variants\.1.*nullable.*hostile/s)
})

it('puts variants in force with PUT /__mock/variants and back to the options on reset', async () => {
  await using server = await startServer({ variants: ['unicode'] })
  const control = (method: string, body?: unknown) =>
    fetch(`${server.adminUrl}/variants`, {
      method,
      headers: JSON_TYPE,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  expect(await (await control('GET')).json()).toEqual({
    variants: ['unicode'],
    known: VARIANT_NAMES,
    summaries: VARIANT_SUMMARIES,
  })
  const put = await control('PUT', { variants: ['paginated'] })
  expect(await put.json()).toMatchObject({ variants: ['paginated'] })
  const list = await (
    await fetch(`${server.apiUrl}/projects?per_page=2`, { headers: AUTH })
  ).json()
  expect(list.data).toHaveLength(2)
  expect(list.meta).toMatchObject({ page: 1, per_page: 2, total: 6 })

  const bad = await control('PUT', { variants: ['chaos'] })
  expect(bad.status).toBe(400)
  expect((await bad.json()).error).toMatchObject({
    code: 'invalid_variants',
    message: expect.stringMatching(/nullable.*hostile/),
  })
  expect((await control('PUT', ['nullable'])).status).toBe(400)

  await fetch(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: JSON_TYPE,
  })
  expect(await (await control('GET')).json()).toMatchObject({
    variants: ['unicode'],
  })
})

it('guards /__mock/variants with the admin token like the other control routes', async () => {
  await using server = await startServer({ adminToken: 's3cret' })
  const response = await fetch(`${server.adminUrl}/variants`, {
    method: 'PUT',
    headers: JSON_TYPE,
    body: '{"variants": ["hostile"]}',
  })
  expect(response.status).toBe(401)
  expect(server.mock.variants.list()).toEqual([])
})

it('applies X-Mock-Variant for one request, answers 400 for an unknown name, and ignores it in strict mode', async () => {
  await using server = await startServer()
  await using strict = await startServer({ strict: true })
  const get = (url: string, variant: string) =>
    fetch(`${url}/projects`, {
      headers: { ...AUTH, 'x-mock-variant': variant },
    })

  const varied = await (await get(server.apiUrl, 'extra-fields')).json()
  expect(varied.meta).toHaveProperty('request_id')
  const plain = await (
    await fetch(`${server.apiUrl}/projects`, { headers: AUTH })
  ).json()
  expect(plain.meta).toEqual({ total: 6 })

  const unknown = await get(server.apiUrl, 'nullable, chaos')
  expect(unknown.status).toBe(400)
  expect((await unknown.json()).error).toMatchObject({
    code: 'unknown_variant',
    message: expect.stringMatching(/"chaos".*extra-fields.*hostile/),
  })

  const ignored = await get(strict.apiUrl, 'extra-fields')
  expect((await ignored.json()).meta).toEqual({ total: 6 })
  expect((await get(strict.apiUrl, 'chaos')).status).toBe(200)
})

it('refuses an unknown X-Mock-Variant after authentication and before the rate limit, as X-Mock-Scenario', async () => {
  await using server = await startServer({
    rateLimit: { limit: 1, window: '1m' },
  })
  const get = (headers: Record<string, string>) =>
    fetch(`${server.apiUrl}/projects`, { headers })

  expect((await get({ 'x-mock-variant': 'chaos' })).status).toBe(401)
  expect((await get({ ...AUTH, 'x-mock-variant': 'chaos' })).status).toBe(400)
  // The refused request did not use the one request of the window.
  expect((await get(AUTH)).status).toBe(200)
  expect((await get(AUTH)).status).toBe(429)
})

it('allows X-Mock-Variant in CORS preflights', async () => {
  await using server = await startServer()
  const preflight = await sendPreflight(
    `${server.apiUrl}/projects`,
    'http://localhost:5173',
    'GET',
    'authorization,x-mock-variant',
  )
  expect(preflight.headers.get('access-control-allow-headers')).toMatch(
    /X-Mock-Variant/i,
  )
})

it('names the variants applied in the journal and the request log', async () => {
  const entries: Array<Record<string, unknown>> = []
  await using server = await startServer({
    variants: ['nullable'],
    onRequest: (entry) => entries.push({ ...entry }),
  })
  await fetch(`${server.apiUrl}/projects`, { headers: AUTH })
  await fetch(`${server.apiUrl}/projects`, {
    headers: { ...AUTH, 'x-mock-variant': 'hostile' },
  }).then((response) => response.text().catch(() => ''))
  server.mock.variants.set([])
  await fetch(`${server.apiUrl}/projects`, { headers: AUTH })

  expect(server.mock.requests.list().map((entry) => entry.variants)).toEqual([
    ['nullable'],
    ['hostile'],
    undefined,
  ])
  expect(entries.map((entry) => entry.variants)).toEqual([
    ['nullable'],
    ['hostile'],
    undefined,
  ])
  const lines: string[] = []
  createRequestLogger('pretty', (line) => lines.push(line))!(entries[0] as any)
  createRequestLogger('json', (line) => lines.push(line))!(entries[1] as any)
  expect(lines[0]).toMatch(/ variants=nullable\n$/)
  expect(JSON.parse(lines[1]!).variants).toEqual(['hostile'])
})

it('serves every variant with --variant hostile and says so in the banner and the log', async () => {
  await using cli = await startCli(['--port', '0', '--variant', 'hostile'])
  expect(cli.stdout() + cli.stderr()).toMatch(/variants hostile/)
  const get = () => fetch(`${cli.apiUrl}/projects`, { headers: AUTH })
  // The first answer is cut (truncated), the second one whole.
  await expect((await get()).json()).rejects.toThrow()
  const body = await (await get()).json()
  expect(body.meta).toMatchObject({
    page: 1,
    per_page: 20,
    request_id: expect.any(String),
  })
  await cli.waitFor(/\/public-api\/v1\/projects 200 .* variants=hostile/)
})

it('summarises each variant in the words of the table in docs/variants.md', async () => {
  const page = await readFile(
    new URL('../../../docs/variants.md', import.meta.url),
    'utf8',
  )
  const table = Object.fromEntries(
    [...page.matchAll(/^\| \[`([a-z-]+)`\]\(#[a-z-]+\) +\| (.+?) +\|$/gm)].map(
      ([, name, summary]) => [name, summary],
    ),
  )
  expect(Object.keys(table)).toEqual(VARIANT_NAMES)
  expect(table).toEqual(VARIANT_SUMMARIES)
})
