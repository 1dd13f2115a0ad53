import { createContentApiMock, type ContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
// handedOver is internal (the server's loader calls it), and it marks a
// document for src/'s own parse, so the parse and its error come from src/ too.
import { handedOver } from '../../src/data/hand-over-document.js'
import {
  parseFixtureDocument,
  parseFixtureDocumentInSlices,
} from '../../src/data/parse-fixture-document.js'
import { FixtureError } from '../../src/data/fixture-error.js'
import {
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { newContent } from '../support/new-content.js'

// How a loaded document becomes the dataset: its records are taken into the
// @msw/data collections as they are (validated once, not copied), frozen,
// and shared with the document kept for `reset()`.

const server = useMswServer()

/** A GET of the API as a client sends it, answered by the mock's core. */
function get(mock: ContentApiMock, path: string, key = 'k_a') {
  const response = mock.handle({
    method: 'GET',
    origin: 'http://localhost',
    path: `/public-api/v1${path}`,
    query: '',
    headers: new Headers({ authorization: `Bearer ${key}` }),
  })
  return { status: response?.status, body: String(response?.body) }
}

async function createSmallMock() {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  await mock.ready
  return mock
}

it('finds, updates and deletes loaded records through mock.db, and the API follows', async () => {
  const mock = await createSmallMock()
  const v1 = mock.db.contents.findFirst((q) =>
    q.where({ variation_unique: 'v1' }),
  )
  expect(v1?.title).toBe('How to lace white sneakers')

  await mock.db.contents.update((q) => q.where({ variation_unique: 'v1' }), {
    data(content) {
      content.title = 'Laces, updated'
    },
  })
  expect(JSON.parse(get(mock, '/projects/p1/contents/v1').body)).toMatchObject({
    data: { title: 'Laces, updated' },
  })
  expect(mock.db.contents.count()).toBe(
    loadFixture('small.json').contents.length,
  )

  mock.db.contents.delete((q) => q.where({ variation_unique: 'v2' }))
  expect(get(mock, '/projects/p1/contents/v2').status).toBe(404)
  expect(mock.db.contents.all().map((c) => c.variation_unique)).not.toContain(
    'v2',
  )
})

it('forgets every record of a collection cleared through mock.db, and the API follows', async () => {
  const mock = await createSmallMock()
  const ids = mock.db.contents.all().map((c) => c.variation_unique)
  expect(ids.length).toBeGreaterThan(2)

  mock.db.contents.clear()
  expect(mock.db.contents.count()).toBe(0)
  for (const id of ids) {
    expect(mock.db.index.contentsById.has(id)).toBe(false)
  }
  expect(get(mock, '/projects/p1/contents/v1').status).toBe(404)
  expect(JSON.parse(get(mock, '/projects/p1/contents').body)).toMatchObject({
    data: [],
  })
})

it('refuses to change a loaded record in place, at any depth', async () => {
  const mock = await createSmallMock()
  const [content] = mock.db.contents.all() as any[]
  expect(() => {
    content.title = 'Changed in place'
  }).toThrow(TypeError)
  expect(() => {
    content.content.movie_unique = 'm9'
  }).toThrow(TypeError)
  expect(() => {
    content.publish.push({ platform: 'x', status: 'failed' })
  }).toThrow(TypeError)
})

it("leaves the caller's fixture document as it was given: not frozen, not changed", async () => {
  const document = loadFixture('small.json')
  const v3 = document.contents.find((c: any) => c.variation_unique === 'v3')
  v3.content.outline = { sections: ['intro', 'tips'] }
  const mock = createContentApiMock({ fixtures: document })
  await mock.ready

  expect(Object.isFrozen(document.contents[0])).toBe(false)
  v3.content.outline.sections.push('outro')
  v3.title = 'Changed by the caller'
  expect(mock.contents.get('v3')).toMatchObject({
    title: 'Ten tips for tutorials',
    content: { outline: { sections: ['intro', 'tips'] } },
  })
})

it('answers as at the start after reset(), whatever changed the records before', async () => {
  // @note A fixed clock: asset URLs carry an expiry counted from it.
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    now: () => Date.parse('2026-11-22T12:00:00Z'),
  })
  await mock.ready
  const paths = [
    '/projects',
    '/projects/p1/contents',
    '/projects/p1/contents/v1',
    '/projects/p2/contents/v3',
  ]
  // @note Asset URLs are issued per request: their nonce and signature
  // differ.
  const answers = () =>
    paths.map((path) => get(mock, path).body.replace(/nonce=[^"]*/g, 'nonce=…'))
  const before = answers()

  await mock.contents.patch('v1', {
    title: 'Patched',
    progress: { step_process: 1, is_complete: false },
  })
  await mock.contents.patch('v3', { content: { word_count: 9 } })
  await mock.db.contents.update((q) => q.where({ variation_unique: 'v3' }), {
    data(content) {
      content.title = 'Updated'
    },
  })
  await mock.contents.delete('v2')
  await mock.projects.patch('p1', { project_name: 'Renamed' })
  expect(answers()).not.toEqual(before)

  await mock.reset()
  expect(answers()).toEqual(before)
  await mock.reset()
  expect(answers()).toEqual(before)
})

it("leaves the stored contents as they were when a live mock's fixtures are exported", async () => {
  const mock = createContentApiMock({ seed: 7, live: true })
  await mock.ready
  mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
  const stored = mock.db.contents.count()
  const exported = mock.exportFixtures().contents.length
  expect(exported).toBeGreaterThan(stored)
  expect(mock.db.contents.count()).toBe(stored)
})

it('keeps the records of a document handed over as they are, and copies those of any other', async () => {
  const given = loadFixture('small.json')
  const copied = parseFixtureDocument(given)
  expect(copied.contents[0]).not.toBe(given.contents[0])
  expect(copied.accounts[0]).not.toBe(given.accounts[0])

  handedOver.mark(given)
  const kept = await parseFixtureDocumentInSlices(given)
  expect(kept).toEqual(copied)
  for (const list of ['accounts', 'api_keys', 'projects', 'contents']) {
    kept[list as 'contents'].forEach((record, i) =>
      expect(record).toBe(given[list][i]),
    )
  }
  // A hand-over counts for one check: the next one copies again.
  expect(parseFixtureDocument(given).contents[0]).not.toBe(given.contents[0])
})

it('passes the document a check made of one handed over to the next check as it is, once, and checks any other', () => {
  const given = loadFixture('small.json')
  handedOver.mark(given)
  const checked = parseFixtureDocument(given)
  // Broken after its check: only a skipped check would pass it.
  ;(checked.contents[1] as any).progress = { step_process: 'two' }
  expect(parseFixtureDocument(checked)).toBe(checked)
  expect(() => parseFixtureDocument(checked)).toThrow(FixtureError)

  const users = parseFixtureDocument(loadFixture('small.json'))
  ;(users.contents[1] as any).progress = { step_process: 'two' }
  expect(() => parseFixtureDocument(users)).toThrow(FixtureError)
})

it('refuses a document handed over that fails the check, as it refuses any other', () => {
  const given = loadFixture('small.json')
  given.contents[1].progress = { step_process: 'two' }
  handedOver.mark(given)
  expect(() => parseFixtureDocument(given)).toThrow(FixtureError)
})

it('follows changes made through the collections', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  await mock.db.projects.update((q) => q.where({ project_unique: 'p3' }), {
    data(project) {
      project.shared_with = ['acct_a']
    },
  })
  expect((await callApi('/projects/p3', { key: 'k_a' })).status).toBe(200)
  await mock.db.contents.create(
    newContent({ project_unique: 'p4', created_at: '2024-06-01T00:00:00Z' }),
  )
  expect(
    (await callApi('/projects/p4/contents', { key: 'k_a' })).body.meta.total,
  ).toBe(1)
  mock.db.contents.delete((q) => q.where({ variation_unique: 'v9' }))
  expect(
    (await callApi('/projects/p4/contents/v9', { key: 'k_a' })).status,
  ).toBe(404)
  await mock.db.projects.update((q) => q.where({ project_unique: 'p1' }), {
    data(project) {
      project.project_name = 'Renamed'
    },
  })
  expect(
    (await callApi('/projects/p1', { key: 'k_a' })).body.data.project_name,
  ).toBe('Renamed')
  const listed = (await callApi('/projects', { key: 'k_a' })).body.data
  expect(listed.find((p: any) => p.project_unique === 'p1').project_name).toBe(
    'Renamed',
  )
})

it('refuses to change a record in place, where the responses would not see it', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const project = mock.db.projects.findFirst((q) =>
    q.where({ project_unique: 'p1' }),
  )!
  expect(() => {
    project.project_name = 'Changed in place'
  }).toThrow(TypeError)
})

it('follows clear() of a collection, whose delete hooks miss every other record', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  mock.db.contents.clear()
  expect((await callApi('/projects/p1/contents', { key: 'k_a' })).body).toEqual(
    {
      data: [],
      meta: { total: 0 },
    },
  )
  expect(
    (await callApi('/projects/p1/contents/v1', { key: 'k_a' })).status,
  ).toBe(404)
  mock.db.projects.clear()
  expect((await callApi('/projects', { key: 'k_a' })).body.meta.total).toBe(0)
  mock.db.apiKeys.clear()
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(401)
})
