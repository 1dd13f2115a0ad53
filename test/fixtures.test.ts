import {
  FIXTURE_SCHEMA_PATH,
  FixtureError,
  createContentApiMock,
  parseFixtureDocument,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import { callApi, useMswServer } from './support/api-client.js'
import { loadFixture } from './support/load-fixture.js'

const server = useMswServer()

function captureError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

it('names every bad path of an invalid fixture document at once', () => {
  const fixtures = loadFixture('small.json')
  fixtures.accounts[0].nmae = 'typo'
  fixtures.api_keys[1].account = 'acct_zz'
  fixtures.projects[1].shared_with = ['acct_a', 'acct_yy']
  fixtures.projects[2].created_at = 'yesterday'
  fixtures.contents[3].project_unique = 'p9'
  fixtures.contents[1].variation_unique = 'v1'
  fixtures.contents[0].content = {}
  delete fixtures.contents[2].title
  fixtures.extra = true

  const error = captureError(() => createContentApiMock({ fixtures }))
  expect(error).toBeInstanceOf(FixtureError)
  const paths = (error as FixtureError).issues.map((issue) => issue.path)
  expect(paths).toEqual([
    'accounts[0].nmae',
    'api_keys[1].account',
    'projects[1].shared_with[1]',
    'projects[2].created_at',
    'contents[0].content.movie_unique',
    'contents[1].variation_unique',
    'contents[2].title',
    'contents[3].project_unique',
    'extra',
  ])
  expect((error as FixtureError).message).toMatch(/nothing was loaded/)
})

it('reports dangling references and duplicate IDs with their paths', () => {
  const fixtures = loadFixture('small.json')
  fixtures.api_keys[1].account = 'acct_zz'
  fixtures.projects[1].shared_with = ['acct_a', 'acct_yy']
  fixtures.contents[3].project_unique = 'p9'
  fixtures.contents[1].variation_unique = 'v1'
  fixtures.projects.push({ ...fixtures.projects[0] })

  const error = captureError(() =>
    parseFixtureDocument(fixtures),
  ) as FixtureError
  expect(error.issues).toEqual(
    expect.arrayContaining([
      {
        path: 'api_keys[1].account',
        message: expect.stringMatching(/no such account "acct_zz"/),
      },
      {
        path: 'projects[1].shared_with[1]',
        message: expect.stringMatching(/no such account "acct_yy"/),
      },
      {
        path: 'contents[3].project_unique',
        message: expect.stringMatching(/no such project "p9"/),
      },
      {
        path: 'contents[1].variation_unique',
        message: expect.stringMatching(
          /duplicate "v1", already used by contents\[0\]/,
        ),
      },
      {
        path: 'projects[4].project_unique',
        message: expect.stringMatching(/duplicate "p1"/),
      },
    ]),
  )
  expect(error.message).toMatch(
    /contents\[3\]\.project_unique: no such project "p9"/,
  )
})

it('rejects a document of another version and input that is not an object', () => {
  const fixtures = loadFixture('small.json')
  fixtures.version = 2
  expect(
    (captureError(() => parseFixtureDocument(fixtures)) as FixtureError)
      .issues[0]?.path,
  ).toBe('version')
  expect(captureError(() => parseFixtureDocument('{}'))).toBeInstanceOf(
    FixtureError,
  )
  expect(captureError(() => parseFixtureDocument(null))).toBeInstanceOf(
    FixtureError,
  )
})

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
