import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { callApi, useSmallDatasetServer } from '../support/api-client.js'

const { server, useSmallDataset } = useSmallDatasetServer()

const rejected: Array<[string, Record<string, string>, RegExp]> = [
  ['no Authorization header', {}, /Missing API key/],
  ['an empty Authorization header', { authorization: '' }, /Missing API key/],
  [
    'another scheme',
    { authorization: 'Basic azphOg==' },
    /Unsupported authorization scheme "Basic"/,
  ],
  [
    'a token without scheme',
    { authorization: 'k_a' },
    /Unsupported authorization scheme/,
  ],
  ['"Bearer" with no key', { authorization: 'Bearer' }, /Empty API key/],
  [
    '"Bearer " with a blank key',
    { authorization: 'Bearer    ' },
    /Empty API key|Missing API key/,
  ],
  ['an unknown key', { authorization: 'Bearer k_nope' }, /Unknown API key/],
  [
    'an expired key',
    { authorization: 'Bearer k_expired' },
    /expired at 2021-01-01T00:00:00Z/,
  ],
  ['a revoked key', { authorization: 'Bearer k_revoked' }, /revoked/],
  [
    'a key with a trailing part',
    { authorization: 'Bearer k_a extra' },
    /Unknown API key/,
  ],
]

for (const [name, headers, message] of rejected) {
  it(`answers 401 with WWW-Authenticate for ${name}`, async () => {
    useSmallDataset()
    for (const path of [
      '/projects',
      '/projects/p1',
      '/projects/p1/contents',
      '/projects/p1/contents/v1',
    ]) {
      const {
        status,
        headers: responseHeaders,
        body,
      } = await callApi(path, { headers })
      expect(status).toBe(401)
      expect(responseHeaders.get('www-authenticate')).toMatch(/^Bearer\b/)
      expect(body.error.code).toBe('unauthorized')
      expect(body.error.message).toMatch(message)
    }
  })
}

it('accepts the Bearer scheme in any letter case', async () => {
  useSmallDataset()
  for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
    const { status } = await callApi('/projects', {
      headers: { authorization: `${scheme} k_a` },
    })
    expect(status).toBe(200)
  }
})

it('accepts a key whose expiry is still ahead', async () => {
  useSmallDataset()
  const { status } = await callApi('/projects', { key: 'k_b' })
  expect(status).toBe(200)
})

it('rejects a key once the clock passes its expiry', async () => {
  let now = Date.parse('2998-12-31T23:59:59Z')
  useSmallDataset({ now: () => now })
  expect((await callApi('/projects', { key: 'k_b' })).status).toBe(200)
  now = Date.parse('2999-01-01T00:00:00Z')
  const { status, body } = await callApi('/projects', { key: 'k_b' })
  expect(status).toBe(401)
  expect(body.error.message).toMatch(/expired at 2999-01-01T00:00:00Z/)
})

it('checks the key before path parameters and lookups', async () => {
  useSmallDataset()
  expect((await callApi('/projects/%zz')).status).toBe(401)
  expect((await callApi('/projects/missing')).status).toBe(401)
  expect((await callApi('/no-such-endpoint')).status).toBe(401)
  expect((await callApi('/projects', { method: 'POST' })).status).toBe(401)
})

it('rejects a key whose account was removed from the dataset', async () => {
  const mock = useSmallDataset()
  await mock.ready
  mock.db.accounts.delete((q) => q.where({ id: 'acct_c' }))
  const { status } = await callApi('/projects', { key: 'k_c' })
  expect(status).toBe(401)
})

it('uses the apiKey option as the main key of the generated dataset', async () => {
  const mock = createContentApiMock({ apiKey: 'my-own-key' })
  server.use(...mock.handlers)
  expect((await callApi('/projects', { key: 'my-own-key' })).status).toBe(200)
  expect((await callApi('/projects', { key: 'demo-key-alpha' })).status).toBe(
    401,
  )
})

it('serves the documented demo keys out of the box', async () => {
  const mock = createContentApiMock()
  server.use(...mock.handlers)
  expect((await callApi('/projects', { key: 'demo-key-alpha' })).status).toBe(
    200,
  )
  expect((await callApi('/projects', { key: 'demo-key-beta' })).status).toBe(
    200,
  )
  expect((await callApi('/projects', { key: 'demo-key-expired' })).status).toBe(
    401,
  )
  expect((await callApi('/projects', { key: 'demo-key-revoked' })).status).toBe(
    401,
  )
})
