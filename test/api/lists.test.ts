import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'
import {
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../support/api-client.js'

// The two list endpoints: their order, and their cached bodies following
// every change made through `mock.db` after a list was read.

const server = useMswServer()

const idsOf = (body: any, field: string): string[] =>
  body.data.map((item: any) => item[field])

async function listContents(project: string) {
  return (await callApi(`/projects/${project}/contents`, { key: 'k_a' })).body
}

async function listProjects() {
  return (await callApi('/projects', { key: 'k_a' })).body
}

/** Project p1 and content v1 of small.json, fresh, to copy into new records. */
function loadP1AndV1() {
  const { projects, contents } = loadFixture('small.json')
  return {
    p1: projects.find((p: any) => p.project_unique === 'p1'),
    v1: contents.find((c: any) => c.variation_unique === 'v1'),
  }
}

it('lists a content created, updated or deleted through mock.db after the list was read', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  expect(await listContents('p1')).toMatchObject({ meta: { total: 2 } })

  await mock.db.contents.create({
    ...loadP1AndV1().v1,
    variation_unique: 'v9',
    created_at: '2024-06-01T00:00:00Z',
    content: { movie_unique: 'm9' },
  })
  let body = await listContents('p1')
  expect(idsOf(body, 'variation_unique')).toEqual(['v9', 'v2', 'v1'])
  expect(body.meta).toEqual({ total: 3 })

  await mock.db.contents.update((q) => q.where({ variation_unique: 'v1' }), {
    data(content) {
      content.title = 'Retitled'
    },
  })
  body = await listContents('p1')
  expect(body.data[2]).toMatchObject({
    variation_unique: 'v1',
    title: 'Retitled',
  })

  mock.db.contents.delete((q) => q.where({ variation_unique: 'v2' }))
  body = await listContents('p1')
  expect(idsOf(body, 'variation_unique')).toEqual(['v9', 'v1'])
  expect(body.meta).toEqual({ total: 2 })
})

it('lists a project created, updated or deleted through mock.db after the list was read', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  expect(await listProjects()).toMatchObject({ meta: { total: 3 } })

  await mock.db.projects.create({
    ...loadP1AndV1().p1,
    project_unique: 'p9',
    created_at: '2024-06-01T00:00:00Z',
  })
  let body = await listProjects()
  expect(idsOf(body, 'project_unique')).toEqual(['p9', 'p2', 'p1', 'p4'])
  expect(body.meta).toEqual({ total: 4 })

  await mock.db.projects.update((q) => q.where({ project_unique: 'p4' }), {
    data(project) {
      project.project_name = 'Renamed'
    },
  })
  body = await listProjects()
  expect(body.data[3]).toMatchObject({
    project_unique: 'p4',
    project_name: 'Renamed',
  })

  mock.db.projects.delete((q) => q.where({ project_unique: 'p2' }))
  body = await listProjects()
  expect(idsOf(body, 'project_unique')).toEqual(['p9', 'p1', 'p4'])
  expect(body.meta).toEqual({ total: 3 })
})

/**
 * small.json plus projects and contents created at the same instant as p1
 * and v1, listed after them and not in ID order, so that only a tie-break by
 * ID puts them in order: projects p1, p5, p0; contents v1, v5, v0.
 */
function loadFixtureWithTies() {
  const fixtures = loadFixture('small.json')
  const { p1, v1 } = loadP1AndV1()
  for (const id of ['5', '0']) {
    fixtures.projects.push({ ...p1, project_unique: `p${id}` })
    fixtures.contents.push({
      ...v1,
      variation_unique: `v${id}`,
      content: { movie_unique: `m${id}` },
    })
  }
  return fixtures
}

it('lists projects created at the same instant by ID, newest first', async () => {
  serveSmallDataset(server, { fixtures: loadFixtureWithTies() })
  expect(idsOf(await listProjects(), 'project_unique')).toEqual([
    'p2',
    'p0',
    'p1',
    'p5',
    'p4',
  ])
})

it('lists projects created at the same instant by ID, oldest first', async () => {
  serveSmallDataset(server, {
    fixtures: loadFixtureWithTies(),
    listOrder: 'oldest-first',
  })
  expect(idsOf(await listProjects(), 'project_unique')).toEqual([
    'p4',
    'p0',
    'p1',
    'p5',
    'p2',
  ])
})

it('lists contents created at the same instant by ID, newest first', async () => {
  serveSmallDataset(server, { fixtures: loadFixtureWithTies() })
  expect(idsOf(await listContents('p1'), 'variation_unique')).toEqual([
    'v2',
    'v0',
    'v1',
    'v5',
  ])
})

it('lists contents created at the same instant by ID, oldest first', async () => {
  serveSmallDataset(server, {
    fixtures: loadFixtureWithTies(),
    listOrder: 'oldest-first',
  })
  expect(idsOf(await listContents('p1'), 'variation_unique')).toEqual([
    'v0',
    'v1',
    'v5',
    'v2',
  ])
})
