import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { startServer } from '../../support/server.js'

// The renderer of /docs is stored gzipped in the package; every client
// still gets JavaScript: as it is stored to one that accepts gzip, unzipped
// to any other. Raw node:http, since fetch always asks for and unzips gzip.

async function rendererPathOf(url: string): Promise<string> {
  const html = await (
    await fetch(`${url}/docs`, { headers: { accept: 'text/html' } })
  ).text()
  const match = /from "\.\/(__docs\/[^"]+\.js)"/.exec(html)
  expect(match, 'the page refers to no renderer script').not.toBeNull()
  return `/${match![1]!}`
}

function get(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
    })
      .on('error', reject)
      .end()
  })
}

it('sends the renderer gzipped to a client that accepts gzip', async () => {
  await using server = await startServer()
  const path = await rendererPathOf(server.url)
  const response = await get(`${server.url}${path}`, {
    'accept-encoding': 'gzip, deflate',
  })

  expect(response.status).toBe(200)
  expect(response.headers['content-encoding']).toBe('gzip')
  expect(response.headers['vary']).toMatch(/Accept-Encoding/)
  expect(response.headers['content-length']).toBe(String(response.body.length))
  expect(response.headers['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  )
  expect(gunzipSync(response.body).toString('utf8')).toMatch(
    /createApiReference/,
  )
})

it('sends the renderer unzipped to a client that does not accept gzip', async () => {
  await using server = await startServer()
  const path = await rendererPathOf(server.url)
  const response = await get(`${server.url}${path}`, {
    'accept-encoding': 'identity',
  })

  expect(response.status).toBe(200)
  expect(response.headers['content-encoding']).toBeUndefined()
  expect(response.headers['content-type']).toMatch(
    /^(text|application)\/javascript; charset=utf-8$/,
  )
  expect(response.body.toString('utf8')).toMatch(/createApiReference/)
})

it('answers HEAD of the renderer with its headers and no body', async () => {
  await using server = await startServer()
  const path = await rendererPathOf(server.url)
  const response = await get(
    `${server.url}${path}`,
    { 'accept-encoding': 'gzip' },
    'HEAD',
  )

  expect(response.status).toBe(200)
  expect(response.headers['content-encoding']).toBe('gzip')
  expect(response.body.length).toBe(0)
})

it('answers a path that climbs out of the renderer folder with the JSON 404', async () => {
  await using server = await startServer()
  const response = await get(`${server.url}/__docs/%2e%2e/manifest.json`, {})

  expect(response.status).toBe(404)
  expect(JSON.parse(response.body.toString('utf8')).error.code).toBe(
    'not_found',
  )
})
