import { createContentApiMock, type ContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { startSmallServer } from '../support/server.js'

// The server names the headers browser scripts may read in CORS's
// Access-Control-Expose-Headers. Every kind of answer the mock gives is sent
// here, and every header it carries must be CORS-safelisted or in that list,
// so a new header cannot stay hidden from browser clients.

const SAFELISTED = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]
const ORIGIN = 'http://127.0.0.1:4010'

/** The header names a real server exposes to a script of another origin. */
async function exposedByServer(): Promise<string[]> {
  await using server = await startSmallServer()
  const response = await fetch(`${server.url}/public-api/v1/projects`, {
    headers: { origin: 'http://app.test', authorization: 'Bearer k_a' },
  })
  await response.arrayBuffer()
  expect(response.status).toBe(200)
  const list = response.headers.get('access-control-expose-headers') ?? ''
  return list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
}

async function send(
  mock: ContentApiMock,
  target: string,
  options: {
    key?: string
    method?: string
    headers?: Record<string, string>
  } = {},
) {
  const url = new URL(target, ORIGIN)
  const headers = new Headers(options.headers)
  if (options.key !== undefined)
    headers.set('authorization', `Bearer ${options.key}`)
  const request = {
    method: options.method ?? 'GET',
    origin: ORIGIN,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
  }
  const response = mock.handle(request) ?? (await mock.handleAsset(request))
  if (response === undefined) throw new Error(`Nothing answered ${target}`)
  return response
}

it('exposes every header the API answers with that CORS does not safelist', async () => {
  const seen = new Set<string>()
  const note = (response: { headers: Record<string, string> }) => {
    for (const name of Object.keys(response.headers))
      seen.add(name.toLowerCase())
  }
  const fixtures = loadFixture('small.json')
  for (const headers of ['ratelimit', 'x-ratelimit'] as const) {
    const mock = createContentApiMock({
      fixtures,
      rateLimit: { limit: 1, window: '1m', headers },
    })
    await mock.ready
    const api = '/public-api/v1'
    note(await send(mock, `${api}/projects`, { key: 'k_a' }))
    note(await send(mock, `${api}/projects`, { key: 'k_a' })) // 429
    note(await send(mock, `${api}/projects`)) // 401 without a key
    note(await send(mock, `${api}/projects`, { key: 'k_expired' })) // 401 invalid_token
  }

  const mock = createContentApiMock({ fixtures })
  await mock.ready
  const api = '/public-api/v1'
  note(await send(mock, `${api}/projects/p1`, { key: 'k_a' }))
  note(await send(mock, `${api}/projects/p1/contents`, { key: 'k_a' }))
  note(await send(mock, `${api}/projects/p9`, { key: 'k_a' })) // 404
  note(await send(mock, `${api}/projects/%zz`, { key: 'k_a' })) // 422
  note(await send(mock, `${api}/projects`, { key: 'k_a', method: 'POST' })) // 405
  const detail = await send(mock, `${api}/projects/p1/contents/v1`, {
    key: 'k_a',
  })
  note(detail)
  for (const preset of ['rate-limited', 'expired-key', 'server-error']) {
    const headers = { 'x-mock-scenario': preset }
    note(await send(mock, `${api}/projects`, { key: 'k_a', headers }))
  }
  mock.scenarios.add({ status: 503, times: 1 })
  note(await send(mock, `${api}/projects`, { key: 'k_a' }))

  const { download_url } = JSON.parse(detail.body as string).data.content
  note(await send(mock, download_url))
  note(await send(mock, download_url, { method: 'HEAD' }))
  note(await send(mock, download_url, { headers: { range: 'bytes=0-9' } })) // 206
  note(
    await send(mock, download_url, { headers: { range: 'bytes=999999999-' } }),
  ) // 416
  note(await send(mock, download_url, { method: 'DELETE' })) // 405
  note(await send(mock, `${download_url}x`)) // 403
  note(await send(mock, '/__assets/m1/nothing.txt')) // 404

  // Set by the server alone, on answers of proxy mode's real service
  // (test/server/upstream/upstream-forwarding.test.ts reads it through CORS).
  seen.add('x-mock-proxied')

  const exposed = await exposedByServer()
  expect(exposed.length).toBeGreaterThan(0)
  const hidden = [...seen].filter(
    (name) => !SAFELISTED.includes(name) && !exposed.includes(name),
  )
  expect(hidden, 'headers a browser script could not read').toEqual([])
  const unused = exposed.filter(
    (name) => !seen.has(name) && !SAFELISTED.includes(name),
  )
  expect(unused, 'exposed headers the mock never sends').toEqual([])
})
