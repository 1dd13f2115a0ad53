import {
  FIXTURE_SCHEMA_PATH,
  FixtureError,
  createContentApiMock,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import { callApi, useMswServer } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'

const server = useMswServer()

it('round-trips load, export and load exactly', async () => {
  const fixtures = loadFixture('small.json')
  const mock = createContentApiMock({ fixtures })
  await mock.ready
  const exported = mock.exportFixtures()
  // The same document, key for key and in the same order, but for `$schema`.
  expect(JSON.stringify(exported)).toBe(
    JSON.stringify({ ...fixtures, $schema: FIXTURE_SCHEMA_PATH }),
  )
  const again = createContentApiMock({
    fixtures: JSON.parse(JSON.stringify(exported)),
  })
  await again.ready
  expect(JSON.stringify(again.exportFixtures())).toBe(JSON.stringify(exported))
})

it('round-trips the generated dataset too', async () => {
  const mock = createContentApiMock({ seed: 9 })
  await mock.ready
  const exported = JSON.stringify(mock.exportFixtures())
  const again = createContentApiMock({ fixtures: JSON.parse(exported) })
  await again.ready
  expect(JSON.stringify(again.exportFixtures())).toBe(exported)
})

it('exports $schema first, pointing at the JSON Schema of the installed package', async () => {
  const mock = createContentApiMock({ seed: 3 })
  await mock.ready
  const exported = mock.exportFixtures()

  expect(FIXTURE_SCHEMA_PATH).toBe(
    './node_modules/content-api-mock/fixtures/fixture.schema.json',
  )
  expect(Object.keys(exported)).toEqual([
    '$schema',
    'version',
    'accounts',
    'api_keys',
    'projects',
    'contents',
  ])
  expect(exported.$schema).toBe(FIXTURE_SCHEMA_PATH)
})

it('exports a document that shares nothing with the data it was read from', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  await mock.ready
  const exported = mock.exportFixtures()
  exported.contents[2]!.content.body = 'changed'
  exported.contents[0]!.progress!.step_process = 99
  exported.projects[1]!.shared_with!.push('acct_c')

  const blog = await callApi('/projects/p2/contents/v3', { key: 'k_a' })
  expect(blog.body.data.content.body).toBe('Tip one: keep it short.')
  const movie = await callApi('/projects/p1/contents/v1', { key: 'k_a' })
  expect(movie.body.data.progress.step_process).toBe(5)
  expect((await callApi('/projects/p2', { key: 'k_c' })).status).toBe(404)
})

it('serves the content of a mode without a known shape as written, even a mode named like an Object property', async () => {
  const fixtures = loadFixture('small.json')
  fixtures.contents[2].mode = 'constructor'
  const mock = createContentApiMock({ fixtures })
  server.use(...mock.handlers)

  const detail = await callApi('/projects/p2/contents/v3', { key: 'k_a' })
  expect(detail.body.data.mode).toBe('constructor')
  expect(detail.body.data.content).toEqual(fixtures.contents[2].content)
})

it('keeps the serving data when load() gets an invalid document', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  const broken = loadFixture('small.json')
  broken.contents[0].project_unique = 'nope'
  await expect(mock.load(broken)).rejects.toBeInstanceOf(FixtureError)
  expect(
    (await callApi('/projects/p1/contents', { key: 'k_a' })).body.meta.total,
  ).toBe(2)
})

it('serves a loaded document, and reset() goes back to the initial one', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  const next = loadFixture('small.json')
  next.contents = []
  await mock.load(next)
  expect(
    (await callApi('/projects/p1/contents', { key: 'k_a' })).body.meta.total,
  ).toBe(0)
  await mock.reset()
  expect(
    (await callApi('/projects/p1/contents', { key: 'k_a' })).body.meta.total,
  ).toBe(2)
})

it('serves a document loaded while the generated dataset is still loading', async () => {
  const mock = createContentApiMock()
  server.use(...mock.handlers)
  await mock.load(loadFixture('small.json'))
  expect(
    (await callApi('/projects/p1/contents', { key: 'k_a' })).body.meta.total,
  ).toBe(2)
  expect(mock.projects.list().map((project) => project.project_unique)).toEqual(
    loadFixture('small.json').projects.map(
      (project: { project_unique: string }) => project.project_unique,
    ),
  )
})

it('reset() undoes changes made through the collections', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(...mock.handlers)
  await mock.ready
  mock.db.projects.delete((q) => q.where({ project_unique: 'p1' }))
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(404)
  await mock.reset()
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(200)
})

it("does not change the caller's fixture object", async () => {
  const fixtures = loadFixture('small.json')
  const before = JSON.stringify(fixtures)
  const mock = createContentApiMock({ fixtures })
  await mock.ready
  mock.db.contents.deleteMany((q) => q.where({ project_unique: 'p1' }))
  expect(JSON.stringify(fixtures)).toBe(before)
})

it('rejects invalid options with a message naming the option', () => {
  expect(() => createContentApiMock({ seed: -1 })).toThrow(/seed/)
  expect(() => createContentApiMock({ baseUrl: 'not a url' })).toThrow(
    /baseUrl/,
  )
  expect(() => createContentApiMock({ listOrder: 'random' as never })).toThrow(
    /listOrder/,
  )
  expect(() => createContentApiMock({ unknown: 1 } as never)).toThrow(
    /unknown|Unrecognized/i,
  )
  expect(() =>
    createContentApiMock({ fixtures: loadFixture('small.json'), apiKey: 'x' }),
  ).toThrow(/cannot be combined with "fixtures"/)
})

it('names every option that cannot go with fixtures at once, and lets live: false be', () => {
  const fixtures = loadFixture('small.json')
  expect(() =>
    createContentApiMock({ fixtures, apiKey: 'x', live: true }),
  ).toThrow(
    /"live": makes the generated dataset live.*; "apiKey": sets the main key/,
  )
  expect(() => createContentApiMock({ fixtures, live: false })).not.toThrow()
})
