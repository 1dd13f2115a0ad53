import { once } from 'node:events'
import {
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import express, {
  type NextFunction,
  type Request,
  type Response,
} from 'express'
import { expect, it } from 'vitest'
// The middleware of /__page and /__docs, over a folder of a test's own,
// which no entry exports.
import { serveFingerprintedFiles } from '../../../src/server/files/serve-fingerprinted-files.js'
import { startServer } from '../../support/server.js'

// The page at `/` over real HTTP: which clients get it, and how long its
// files may be cached. The page itself runs in Chromium in
// test/browser/explorer.test.ts.

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const MANIFEST = JSON.parse(
  readFileSync(
    new URL('../../../dist/page/manifest.json', import.meta.url),
    'utf8',
  ),
) as { explorer: { js: string; css: string } }

it('answers the explorer page to a browser that asks for HTML at /', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.url}/`, {
    headers: { accept: BROWSER_ACCEPT },
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('no-cache')
  expect(response.headers.get('vary')).toMatch(/accept/i)
  const html = await response.text()
  expect(html).toContain(`src="./${MANIFEST.explorer.js}"`)
  expect(html).toContain(`href="./${MANIFEST.explorer.css}"`)
})

it.each([
  ['application/json', 'application/json'],
  ['*/*', '*/*'],
  ['no Accept header', undefined],
])(
  'keeps the JSON 404 with its hint at / for an API client (%s)',
  async (_name, accept) => {
    await using server = await startServer()
    const response = await fetch(`${server.url}/`, {
      headers: accept === undefined ? {} : { accept },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    )
    expect(response.headers.get('vary')).toMatch(/accept/i)
    const body = (await response.json()) as { error: { message: string } }
    expect(body.error.message).toContain('The API is under /public-api/v1')
  },
)

it('serves the fingerprinted page assets with immutable caching', async () => {
  await using server = await startServer()
  for (const [file, type] of [
    [MANIFEST.explorer.js, 'text/javascript; charset=utf-8'],
    [MANIFEST.explorer.css, 'text/css; charset=utf-8'],
  ] as const) {
    const response = await fetch(`${server.url}/${file}`)
    expect(response.status, file).toBe(200)
    expect(response.headers.get('content-type')).toBe(type)
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
    expect((await response.text()).length).toBeGreaterThan(0)
  }
})

it('answers the JSON 404 for a page asset that does not exist', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.url}/__page/explorer-nope.js`)
  expect(response.status).toBe(404)
  expect(response.headers.get('cache-control')).toBeNull()
  expect(
    ((await response.json()) as { error: { code: string } }).error.code,
  ).toBe('not_found')
})

it('tells the page where the API, the control API and the main key are, uncached', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.url}/__page/config.json`)
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.json()).toEqual({
    mode: 'server',
    apiBase: server.apiUrl,
    adminBase: server.adminUrl,
    docsUrl: `${server.url}/docs`,
    adminTokenRequired: false,
    defaultKey: 'demo-key-alpha',
    live: false,
  })
})

it('builds the page config from the request and the options: public URL, admin token, main key, live', async () => {
  await using server = await startServer({
    publicUrl: 'https://demo.example.com/mock',
    adminToken: 'secret-token',
    apiKey: 'my-key',
    live: true,
  })
  const response = await fetch(`${server.url}/__page/config.json`)
  expect(await response.json()).toMatchObject({
    apiBase: 'https://demo.example.com/mock/public-api/v1',
    adminBase: 'https://demo.example.com/mock/__mock',
    adminTokenRequired: true,
    defaultKey: 'my-key',
    live: true,
  })
})

it('chooses the first active key of a fixture document as the main key', async () => {
  await using server = await startServer({
    fixtures: {
      version: 1,
      accounts: [{ id: 'a', name: 'A' }],
      api_keys: [
        { key: 'k_revoked', account: 'a', revoked: true },
        { key: 'k_expired', account: 'a', expires_at: '2000-01-01T00:00:00Z' },
        { key: 'k_ok', account: 'a' },
      ],
      projects: [],
      contents: [],
    },
  })
  const response = await fetch(`${server.url}/__page/config.json`)
  expect(((await response.json()) as { defaultKey: string }).defaultKey).toBe(
    'k_ok',
  )
})

it('answers the JSON 404, never a 500, for names the file system cannot look up under /__page and /__docs: over 255 bytes, a path over 4,096, deep', async () => {
  await using server = await startServer()
  const long = 'a'.repeat(300)
  const paths = [
    `/__page/${long}`,
    `/__page/${long}.js`,
    `/__page/x/${long}/y.css`,
    `/__docs/${long}`,
    `/__docs/${long}.js`,
    `/__page/${`${'b'.repeat(200)}/`.repeat(25)}c.js`,
    `/__docs/${'d/'.repeat(1500)}e.js`,
  ]
  for (const path of paths) {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${server.url}${path}`, { method })
      expect(response.status, `${method} ${path.slice(0, 40)}…`).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      if (method === 'GET') {
        expect((await response.json()).error.code).toBe('not_found')
      }
    }
  }
})

it('answers the JSON 404, never a 500, for a built file that is a link in a circle or leads to one', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-page-files-'))
  try {
    symlinkSync('loop.js', join(folder, 'loop.js'))
    symlinkSync('zipped.js.gz', join(folder, 'zipped.js.gz'))
    writeFileSync(join(folder, 'plain.js'), 'export {}')
    symlinkSync('plain.js.gz', join(folder, 'plain.js.gz'))
    const app = express()
    app.use('/files', serveFingerprintedFiles(pathToFileURL(`${folder}/`)))
    app.use((_request, response) => {
      response.status(404).json({ error: { code: 'not_found' } })
    })
    app.use(
      (
        _error: unknown,
        _request: Request,
        response: Response,
        _next: NextFunction,
      ) => {
        response.status(500).json({ error: { code: 'internal_error' } })
      },
    )
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const { port } = server.address() as AddressInfo
      for (const name of ['loop.js', 'zipped.js', 'zipped.js.gz']) {
        const response = await fetch(`http://127.0.0.1:${port}/files/${name}`)
        expect(response.status, name).toBe(404)
      }
      const plain = await fetch(`http://127.0.0.1:${port}/files/plain.js`)
      expect(plain.status).toBe(200)
      expect(await plain.text()).toBe('export {}')
    } finally {
      server.close()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
