import type { ContentApiServerOptions } from 'content-api-mock/server'
import { DEFAULT_API_PREFIX, OptionsError } from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { sendGet } from '../support/send-get.js'
import { startServer as startAnyServer } from '../support/server.js'

// @note These tests are about the links a Host header builds, so their
// servers answer any Host; the Host check has its own tests
// (control-safety.test.ts).
const startServer: typeof startAnyServer = (options) =>
  startAnyServer({ allowedHosts: 'all', ...options })

const DETAIL = `${DEFAULT_API_PREFIX}/projects/p1/contents/v1`
const KEY = { authorization: 'Bearer k_a' }
const fixtures = loadFixture('small.json')

const get = sendGet

/** The asset URLs of content v1, asked for with these headers. */
async function assetUrls(url: string, headers: Record<string, string> = {}) {
  const answer = await get(url, DETAIL, { ...KEY, ...headers })
  expect(answer.status, answer.body).toBe(200)
  const { download_url, thumbnail_url } = JSON.parse(answer.body).data.content
  return { download_url, thumbnail_url } as Record<string, string>
}

/** The origin (and path) the asset URLs of content v1 start with. */
async function assetBase(url: string, headers: Record<string, string> = {}) {
  const urls = await assetUrls(url, headers)
  const bases = Object.values(urls).map((value) => {
    expect(value).toMatch(/\/__assets\/m1\/(video\.mp4|thumbnail\.jpg)\?/)
    return value.slice(0, value.indexOf('/__assets/'))
  })
  expect(bases[0]).toBe(bases[1])
  return bases[0]!
}

const MALFORMED_HOSTS = [
  'a@evil.example',
  'evil.example/x',
  '[::1',
  'x:99999',
  'x:0',
  'x:',
  '',
  'evil example',
  'evil.example,other.example',
  'evil.example;x',
  'evil.example?x',
  'evil.example#x',
  'ev%69l.example',
  'a..example',
  '1.2.3',
  '0x7f.1',
  '1.2.3.999',
  '[v1.x]',
  '[::1]x',
  'évil.example',
]

it.each(MALFORMED_HOSTS.map((host) => ({ host })))(
  'issues asset URLs on the listening address for the malformed Host "$host"',
  async ({ host }) => {
    await using server = await startServer({ fixtures })
    expect(await assetBase(server.url, { host })).toBe(server.url)
  },
)

it('issues asset URLs on the origin a well-formed Host header names, normalised', async () => {
  await using server = await startServer({ fixtures })
  const cases: Array<[string, string]> = [
    ['demo.example.com', 'http://demo.example.com'],
    ['Demo.Example.COM:8080', 'http://demo.example.com:8080'],
    ['my_service:04010', 'http://my_service:4010'],
    ['localhost.', 'http://localhost.'],
    ['10.1.2.3:65535', 'http://10.1.2.3:65535'],
    ['[::1]:4010', 'http://[::1]:4010'],
    ['[::FFFF:127.0.0.1]', 'http://[::ffff:7f00:1]'],
  ]
  for (const [host, base] of cases) {
    expect(await assetBase(server.url, { host }), host).toBe(base)
  }
})

const FORWARDED_CASES: Array<[string, Record<string, string>, string]> = [
  [
    'X-Forwarded-Proto and -Host',
    { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'demo.example.com' },
    'https://demo.example.com',
  ],
  [
    'the first of lists',
    {
      'x-forwarded-proto': 'HTTPS, http',
      'x-forwarded-host': 'demo.example.com:8443, inner.example',
    },
    'https://demo.example.com:8443',
  ],
  [
    'X-Forwarded-Proto alone, with the Host header',
    { 'x-forwarded-proto': 'https' },
    'https://app.example',
  ],
  [
    'Forwarded, which wins over X-Forwarded-*',
    {
      forwarded: 'for=192.0.2.60;proto=https;host="demo.example.com", for=x',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'other.example',
    },
    'https://demo.example.com',
  ],
  [
    'Forwarded without host, then X-Forwarded-Host',
    { forwarded: 'proto=https', 'x-forwarded-host': 'other.example' },
    'https://other.example',
  ],
  [
    'a malformed Forwarded header, ignored as a whole',
    {
      forwarded: 'proto=https;host=demo.example.com;;=',
      'x-forwarded-host': 'other.example',
    },
    'http://other.example',
  ],
  [
    'a malformed forwarded host, then the Host header',
    { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'a@evil.example' },
    'https://app.example',
  ],
  [
    'a scheme other than http and https, ignored',
    { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'demo.example' },
    'http://demo.example',
  ],
]

it.each(
  FORWARDED_CASES.map(([name, headers, base]) => ({ name, headers, base })),
)(
  'with trustProxy, issues asset URLs from $name',
  async ({ headers, base }) => {
    await using server = await startServer({ fixtures, trustProxy: true })
    expect(
      await assetBase(server.url, { host: 'app.example', ...headers }),
    ).toBe(base)
  },
)

it('without trustProxy, forwarded headers change no asset URL', async () => {
  await using server = await startServer({ fixtures })
  for (const [name, headers] of FORWARDED_CASES) {
    expect(
      await assetBase(server.url, { host: 'app.example', ...headers }),
      name,
    ).toBe('http://app.example')
  }
  expect(
    await assetBase(server.url, {
      host: 'a@evil.example',
      'x-forwarded-host': 'demo.example.com',
    }),
  ).toBe(server.url)
})

it('issues asset URLs and the OpenAPI server on publicUrl, whatever the request says', async () => {
  await using server = await startServer({
    fixtures,
    publicUrl: 'https://demo.example.com:443/',
    trustProxy: true,
  })
  expect(server.publicUrl).toBe('https://demo.example.com')
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const requests: Array<Record<string, string>> = [
    {},
    { host: 'other.example' },
    { host: 'a@evil.example' },
    { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'other.example' },
    { forwarded: 'proto=http;host=other.example' },
  ]
  for (const headers of requests) {
    expect(await assetBase(server.url, headers)).toBe(
      'https://demo.example.com',
    )
  }
  const openapi = await get(server.url, '/openapi.json', {})
  expect(JSON.parse(openapi.body).servers).toEqual([
    { url: `https://demo.example.com${DEFAULT_API_PREFIX}` },
  ])
})

it('serves /openapi.json with the origin each request came to as its server', async () => {
  await using server = await startServer({ fixtures, trustProxy: true })
  const servers = async (headers: Record<string, string>) =>
    JSON.parse((await get(server.url, '/openapi.json', headers)).body).servers
  expect(await servers({ host: 'app.example:8080' })).toEqual([
    { url: `http://app.example:8080${DEFAULT_API_PREFIX}` },
  ])
  expect(await servers({ host: 'a@evil.example' })).toEqual([
    { url: `${server.url}${DEFAULT_API_PREFIX}` },
  ])
  expect(
    await servers({
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'd.example',
    }),
  ).toEqual([{ url: `https://d.example${DEFAULT_API_PREFIX}` }])
})

it('carries the path of publicUrl in every link, and answers with or without it', async () => {
  await using server = await startServer({
    fixtures,
    publicUrl: 'https://example.com/mock/',
  })
  expect(server.publicUrl).toBe('https://example.com/mock')
  const urls = await assetUrls(server.url)
  expect(urls.download_url).toMatch(
    /^https:\/\/example\.com\/mock\/__assets\/m1\/video\.mp4\?/,
  )
  // As a proxy that passes the path on sends it, and one that removes it.
  for (const prefix of ['/mock', '']) {
    const asset = new URL(urls.download_url!)
    const path = `${prefix}${asset.pathname.slice('/mock'.length)}${asset.search}`
    const video = await get(server.url, path, {})
    expect(video.status, path).toBe(200)
    const detail = await get(server.url, `${prefix}${DETAIL}`, KEY)
    expect(detail.status, prefix).toBe(200)
    const openapi = await get(server.url, `${prefix}/openapi.json`, {})
    expect(JSON.parse(openapi.body).servers).toEqual([
      { url: `https://example.com/mock${DEFAULT_API_PREFIX}` },
    ])
    const health = await get(server.url, `${prefix}/__mock/health`, {})
    expect(health.status, prefix).toBe(200)
  }
  const beside = await get(server.url, '/mockup', {})
  expect(beside.status).toBe(404)
  expect(JSON.parse(beside.body).error.message).toContain('GET /mockup.')
})

it('rejects a publicUrl or trustProxy that cannot work with an OptionsError naming it', async () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [
      { publicUrl: 'demo.example.com' },
      /"publicUrl": expected an absolute http or https URL/,
    ],
    [
      { publicUrl: 'ftp://demo.example.com' },
      /"publicUrl": expected an http or https URL, .*not ftp:/,
    ],
    [
      { publicUrl: 'https://user:pw@demo.example.com' },
      /"publicUrl": it carries credentials/,
    ],
    [
      { publicUrl: 'https://demo.example.com/?' },
      /"publicUrl": it has a query/,
    ],
    [
      { publicUrl: 'https://demo.example.com/#top' },
      /"publicUrl": it has a fragment/,
    ],
    [{ publicUrl: 42 }, /"publicUrl": expected a URL as a string/],
    [{ trustProxy: 'yes' }, /"trustProxy": expected true or false/],
  ]
  for (const [options, message] of cases) {
    const started = startServer({
      fixtures,
      ...(options as ContentApiServerOptions),
    })
    await expect(started, JSON.stringify(options)).rejects.toThrow(OptionsError)
    await expect(started, JSON.stringify(options)).rejects.toThrow(message)
  }
})

it("rejects a publicUrl whose path starts like one of the server's own paths", async () => {
  for (const path of [
    DEFAULT_API_PREFIX,
    '/__assets/x',
    '/__mock',
    '/openapi.json',
    '/docs',
    '/__docs/x',
  ]) {
    await expect(
      startServer({ fixtures, publicUrl: `https://example.com${path}` }),
      path,
    ).rejects.toThrow(
      /"publicUrl": its path \S+ starts like a path the mock answers itself/,
    )
  }
})
