import { gunzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { sendGet } from '../../support/send-get.js'
import { startServer } from '../../support/server.js'

// GET /docs over plain HTTP: what a browser gets, what an API client gets,
// and how the renderer's files are cached. test/browser/docs-page.test.ts
// opens the page in Chromium.

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

/**
 * The renderer's entry the page imports, e.g.
 * `__docs/scalar-<hash>/standalone.esm.js`.
 */
function rendererScriptOf(html: string): string {
  const match =
    /import \{ createApiReference \} from "\.\/(__docs\/scalar-[0-9a-f]{12}\/standalone\.esm\.js)"/.exec(
      html,
    )
  expect(match, 'the page refers to no renderer script').not.toBeNull()
  return match![1]!
}

it('answers a browser at /docs with the API reference page, never cached', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.url}/docs`, {
    headers: { accept: BROWSER_ACCEPT },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('vary')).toContain('Accept')
  const html = await response.text()
  expect(html).toContain('<title>API reference · content-api-mock</title>')
  rendererScriptOf(html)
})

it('links the explorer and the control panel from the header of /docs by relative URLs', async () => {
  await using server = await startServer()
  const html = await (
    await fetch(`${server.url}/docs`, { headers: { accept: 'text/html' } })
  ).text()
  expect(html).toContain('<a href="./">Explorer</a>')
  expect(html).toContain('<a href="./#/control">Control panel</a>')
})

it('serves the renderer under a fingerprinted path, cached for a year', async () => {
  await using server = await startServer()
  const html = await (
    await fetch(`${server.url}/docs`, { headers: { accept: 'text/html' } })
  ).text()
  const response = await fetch(`${server.url}/${rendererScriptOf(html)}`)
  const script = await response.text()
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(
    /^(text|application)\/javascript; charset=utf-8$/i,
  )
  expect(response.headers.get('cache-control')).toBe(
    'public, max-age=31536000, immutable',
  )
  expect(script.length).toBeGreaterThan(100_000)
})

it('answers an unknown file under /__docs/ with the JSON 404', async () => {
  await using server = await startServer()
  const response = await fetch(
    `${server.url}/__docs/scalar-000000000000/standalone.esm.js`,
  )
  expect(response.status).toBe(404)
  expect((await response.json()).error.code).toBe('not_found')
})

it.each([['application/json'], ['*/*'], [undefined]])(
  'keeps the JSON 404 at /docs for a client that accepts %s, pointing at /openapi.json',
  async (accept) => {
    await using server = await startServer()
    const response = await fetch(`${server.url}/docs`, {
      headers: accept === undefined ? {} : { accept },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('vary')).toContain('Accept')
    const body = await response.json()
    expect(body.error.code).toBe('not_found')
    expect(body.error.message).toContain('/openapi.json')
  },
)

it('redirects /docs/ to /docs, so the relative URLs of the page resolve', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.url}/docs/`, {
    headers: { accept: 'text/html' },
    redirect: 'manual',
  })
  expect(response.status).toBe(301)
  expect(
    new URL(response.headers.get('location')!, `${server.url}/docs/`).href,
  ).toBe(`${server.url}/docs`)
})

it('gives "try it" the main key of the dataset, also one set with apiKey', async () => {
  await using demo = await startServer()
  await using custom = await startServer({ apiKey: 'my-own-key' })
  const pageOf = async (url: string) =>
    (await fetch(`${url}/docs`, { headers: { accept: 'text/html' } })).text()
  expect(await pageOf(demo.url)).toContain('"demo-key-alpha"')
  const html = await pageOf(custom.url)
  expect(html).toContain('"my-own-key"')
  expect(html).not.toContain('demo-key-alpha')
})

it('serves /docs under the path of a public URL, its document pointing try-it there', async () => {
  await using server = await startServer({
    publicUrl: 'https://mock.example.com/demo',
  })
  const response = await fetch(`${server.url}/demo/docs`, {
    headers: { accept: 'text/html' },
  })
  expect(response.status).toBe(200)
  const script = rendererScriptOf(await response.text())
  const asset = await fetch(`${server.url}/demo/${script}`, { method: 'HEAD' })
  expect(asset.status).toBe(200)
  const document = await (await fetch(`${server.url}/demo/openapi.json`)).json()
  expect(document.servers).toEqual([
    { url: 'https://mock.example.com/demo/public-api/v1' },
  ])
})

it.each([
  ['/docs', { accept: BROWSER_ACCEPT }, /^text\/html/],
  ['/openapi.json', {}, /^application\/json/],
  ['/openapi.tolerant.json', {}, /^application\/json/],
])(
  'sends %s gzipped to a client that accepts gzip, as it is to one that does not, varying by Accept-Encoding',
  async (path, headers, type) => {
    await using server = await startServer()
    const plain = await sendGet(server.url, path, {
      ...headers,
      'accept-encoding': 'identity',
    })
    const gzipped = await sendGet(server.url, path, {
      ...headers,
      'accept-encoding': 'gzip, deflate, br',
    })
    const none = await sendGet(server.url, path, headers)
    for (const answer of [plain, gzipped, none]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toMatch(type)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    }
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.bytes.length)
    expect(gunzipSync(gzipped.bytes).toString()).toBe(plain.body)
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 2)
  },
)

it('sends the page’s script and stylesheet gzipped when accepted, from copies written at build time', async () => {
  await using server = await startServer()
  const index = await sendGet(server.url, '/', { accept: BROWSER_ACCEPT })
  const assets = [
    ...index.body.matchAll(/(?:src|href)="\.\/(__page\/[^"]+)"/g),
  ].map((match) => match[1]!)
  expect(assets.map((asset) => asset.replace(/-[\w-]+\./, '.'))).toEqual([
    '__page/explorer.js',
    '__page/explorer.css',
  ])
  for (const asset of assets) {
    const plain = await sendGet(server.url, `/${asset}`, {
      'accept-encoding': 'identity',
    })
    const gzipped = await sendGet(server.url, `/${asset}`, {
      'accept-encoding': 'gzip',
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    for (const answer of [plain, gzipped]) {
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(answer.headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      )
    }
    expect(gunzipSync(gzipped.bytes)).toEqual(plain.bytes)
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 2)
  }
})
