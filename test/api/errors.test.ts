import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import { callApi, useSmallDatasetServer } from '../support/api-client.js'

const { server, useSmallDataset } = useSmallDatasetServer()

const KEY = 'Bearer k_a'

const invalidIds: Array<[string, RegExp]> = [
  ['%zz', /not valid percent-encoding/],
  ['%E0%A4%A', /not valid percent-encoding/],
  ['a%20b', /"a b" is invalid/],
  ['a.b', /"a\.b" is invalid/],
  ['a%2Fb', /"a\/b" is invalid/],
  ['x'.repeat(65), /is invalid: expected 1–64 characters/],
  ['%C3%A9t%C3%A9', /"été" is invalid/],
]

for (const [id, message] of invalidIds) {
  it(`answers 422 for the project_unique "${id.slice(0, 20)}"`, async () => {
    useSmallDataset()
    for (const path of [
      `/projects/${id}`,
      `/projects/${id}/contents`,
      `/projects/${id}/contents/v1`,
    ]) {
      const { status, body } = await callApi(path, { key: 'k_a' })
      expect(status).toBe(422)
      expect(body.error.code).toBe('invalid_parameter')
      expect(body.error.message).toMatch(/project_unique/)
      expect(body.error.message).toMatch(message)
    }
  })

  it(`answers 422 for the variation_unique "${id.slice(0, 20)}"`, async () => {
    useSmallDataset()
    const { status, body } = await callApi(`/projects/p1/contents/${id}`, {
      key: 'k_a',
    })
    expect(status).toBe(422)
    expect(body.error.message).toMatch(/variation_unique/)
    expect(body.error.message).toMatch(message)
  })
}

it('accepts an ID of exactly 64 characters and percent-encoded valid characters', async () => {
  useSmallDataset()
  expect(
    (await callApi(`/projects/${'x'.repeat(64)}`, { key: 'k_a' })).status,
  ).toBe(404)
  expect((await callApi('/projects/%70%31', { key: 'k_a' })).status).toBe(200)
})

it('answers 422 with a hint for a trailing slash after projects', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/', { key: 'k_a' })
  expect(status).toBe(422)
  expect(body.error.message).toMatch(
    /project_unique is empty.*GET \/public-api\/v1\/projects without a trailing slash/,
  )
})

it('checks parameters before looking anything up', async () => {
  useSmallDataset()
  expect(
    (await callApi('/projects/not.there/contents', { key: 'k_a' })).status,
  ).toBe(422)
  expect(
    (await callApi('/projects/p3/contents/bad.id', { key: 'k_a' })).status,
  ).toBe(422)
})

it('answers an unknown path under the prefix with the 404 envelope listing the endpoints', async () => {
  useSmallDataset()
  for (const path of [
    '',
    '/',
    '/project',
    '/projects/p1/contents/v1/extra',
    '/projects/p1/assets',
    '/v2/projects',
  ]) {
    const { status, body } = await callApi(path, { key: 'k_a' })
    expect(status).toBe(404)
    expect(body.error.code).toBe('not_found')
    expect(body.error.message).toMatch(
      /GET \/public-api\/v1\/projects\/\{project_unique\}\/contents/,
    )
  }
})

it('answers a method other than GET and HEAD with 405 and Allow: GET, HEAD', async () => {
  useSmallDataset()
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    for (const path of [
      '/projects',
      '/projects/p1',
      '/projects/p1/contents',
      '/projects/p1/contents/v1',
    ]) {
      const { status, headers, body } = await callApi(path, {
        key: 'k_a',
        method,
      })
      expect(status).toBe(405)
      expect(headers.get('allow')).toBe('GET, HEAD')
      expect(body.error.code).toBe('method_not_allowed')
    }
  }
})

it('answers HEAD on API routes as GET does, without the body, in the interceptor', async () => {
  useSmallDataset()
  const url = 'https://api.example.com/public-api/v1/projects/p1'
  const get = await fetch(url, { headers: { authorization: KEY } })
  const head = await fetch(url, {
    method: 'HEAD',
    headers: { authorization: KEY },
  })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(
    String(Buffer.byteLength(await get.text())),
  )
  expect(await head.text()).toBe('')
})

it('answers HEAD on an asset URL without the body in the interceptor', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  const list = await fetch(
    'https://api.example.com/public-api/v1/projects/p1/contents',
    { headers: { authorization: KEY } },
  )
  const { data } = await list.json()
  const detail = await fetch(
    `https://api.example.com/public-api/v1/projects/p1/contents/${data[0].variation_unique}`,
    { headers: { authorization: KEY } },
  )
  const { thumbnail_url } = (await detail.json()).data.content
  const head = await fetch(thumbnail_url, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
  expect(await head.text()).toBe('')
})

it('does not answer paths outside the prefix', async () => {
  useSmallDataset()
  await expect(
    fetch('https://api.example.com/public-api/v1x/projects'),
  ).rejects.toThrow()
  await expect(fetch('https://api.example.com/other')).rejects.toThrow()
})
