import {
  ComputedRecordError,
  createContentApiMock,
  FixtureError,
  InvalidRecordError,
  RecordInUseError,
  RecordNotFoundError,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import {
  callApi,
  serveSmallDataset,
  useMswServer,
} from '../../support/api-client.js'
import { newContent } from '../../support/new-content.js'

const server = useMswServer()

async function captureRejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject')
}

const NEW_CONTENT = newContent()

it('patches one content and the API answers with the change at once', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const patched = await mock.contents.patch('v2', {
    progress: { step_process: 5, is_complete: true },
  })
  expect(patched.progress).toEqual({ step_process: 5, is_complete: true })
  expect(patched.title).toBe('Teaser, still rendering')

  const detail = await callApi('/projects/p1/contents/v2', { key: 'k_a' })
  expect(detail.body.data.progress).toEqual({
    step_process: 5,
    is_complete: true,
  })
  const list = await callApi('/projects/p1/contents', { key: 'k_a' })
  expect(
    list.body.data.find((item: any) => item.variation_unique === 'v2').progress,
  ).toEqual({ step_process: 5, is_complete: true })
})

it('merges a patch field by field and leaves the fields it does not name', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const patched = await mock.contents.patch('v2', {
    progress: { step_process: 3 },
  })
  expect(patched.progress).toEqual({ step_process: 3, is_complete: false })
  expect(mock.contents.get('v2')).toEqual(patched)
})

it('removes an optional field patched to null', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  expect(mock.projects.get('p2')?.shared_with).toEqual(['acct_a'])
  const patched = await mock.projects.patch('p2', { shared_with: null })
  expect(patched).not.toHaveProperty('shared_with')
  expect(mock.exportFixtures().projects[1]).not.toHaveProperty('shared_with')
  // acct_a no longer sees the project Beta shared with it.
  expect((await callApi('/projects/p2', { key: 'k_a' })).status).toBe(404)
})

it('applies merge patches as RFC 7396 says, through a free-form content body', async () => {
  // RFC 7396, appendix A; each target and patch sits under `x` of the
  // `content` of a blogmode content, whose body may be any object.
  const cases: Array<[target: unknown, patch: unknown, result: unknown]> = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, undefined],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ]
  const mock = serveSmallDataset(server)
  await mock.ready
  for (const [i, [target, patch, result]] of cases.entries()) {
    // Created, not patched, into place: a patch cannot write a null.
    await mock.contents.create({
      ...NEW_CONTENT,
      variation_unique: `rfc${i}`,
      mode: 'blogmode',
      content: { x: target },
    })
    const patched = await mock.contents.patch(`rfc${i}`, {
      content: { x: patch },
    })
    expect(patched.content, JSON.stringify([target, patch])).toEqual(
      result === undefined ? {} : { x: result },
    )
  }
})

it('names every bad path of a patch at once and changes nothing', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const before = mock.exportFixtures()
  const error = await captureRejection(
    mock.contents.patch('v2', {
      progress: { step_process: -1, is_complete: 'yes' as never },
      title: 7 as never,
    }),
  )
  expect(error).toBeInstanceOf(InvalidRecordError)
  expect(error).toBeInstanceOf(FixtureError)
  expect(error.issues).toEqual([
    { path: 'title', message: 'expected a string, found the number 7' },
    {
      path: 'progress.step_process',
      message: 'expected at least 0, found the number -1',
    },
    {
      path: 'progress.is_complete',
      message: 'expected a boolean, found the string "yes"',
    },
  ])
  expect(error.message).toMatch(
    /^Failed to patch content "v2": 3 problems found, nothing was changed\./,
  )
  expect(mock.exportFixtures()).toEqual(before)
})

it('suggests the field a misspelt key of a patch was meant to change', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const error = await captureRejection(
    mock.contents.patch('v2', { titel: 'New' } as never),
  )
  expect(error.issues).toEqual([
    {
      path: 'titel',
      message:
        'unknown key; remove it or check its spelling (did you mean "title"?)',
    },
  ])
})

it('refuses a patch that would point a content at a project that does not exist', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const error = await captureRejection(
    mock.contents.patch('v2', { project_unique: 'p9' }),
  )
  expect(error).toBeInstanceOf(InvalidRecordError)
  expect(error.issues).toEqual([
    {
      path: 'project_unique',
      message:
        'no such project "p9"; create it first, or use the project_unique of one that exists',
    },
  ])
  expect(mock.contents.get('v2')?.project_unique).toBe('p1')
})

it('moves a content to another project, and both lists follow', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  await mock.contents.patch('v2', { project_unique: 'p4' })
  const p1 = await callApi('/projects/p1/contents', { key: 'k_a' })
  const p4 = await callApi('/projects/p4/contents', { key: 'k_a' })
  expect(p1.body.meta.total).toBe(1)
  expect(p4.body.meta.total).toBe(1)
  expect(p4.body.data[0].variation_unique).toBe('v2')
})

it('refuses to change the ID of a record through a patch', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const error = await captureRejection(
    mock.contents.patch('v2', { variation_unique: 'v22' }),
  )
  expect(error.issues).toEqual([
    {
      path: 'variation_unique',
      message:
        'cannot be changed by a patch (found "v22"); to change the ID, create the content under the new ID and delete this one',
    },
  ])
  // The same ID again is no change, and fine.
  await mock.contents.patch('v2', { variation_unique: 'v2', title: 'Same' })
  expect(mock.contents.get('v2')?.title).toBe('Same')
})

it('rejects an unknown ID with a RecordNotFoundError, and get answers undefined', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  expect(mock.contents.get('v9')).toBeUndefined()
  const patch = await captureRejection(mock.contents.patch('v9', {}))
  expect(patch).toBeInstanceOf(RecordNotFoundError)
  expect(patch.message).toBe(
    'No content "v9" to patch. mock.contents.list() lists the contents there are.',
  )
  const remove = await captureRejection(mock.projects.delete('p9'))
  expect(remove).toBeInstanceOf(RecordNotFoundError)
  expect(remove.kind).toBe('projects')
})

it('creates a content that joins its project list and meta.total', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const created = await mock.contents.create(NEW_CONTENT)
  expect(created).toEqual(NEW_CONTENT)
  const list = await callApi('/projects/p1/contents', { key: 'k_a' })
  expect(list.body.meta.total).toBe(3)
  expect(list.body.data[0].variation_unique).toBe('v9')
  const detail = await callApi('/projects/p1/contents/v9', { key: 'k_a' })
  expect(detail.body.data.title).toBe('Behind the scenes')
  expect(mock.exportFixtures().contents.at(-1)).toEqual(NEW_CONTENT)
})

it('refuses a new record with a used ID, a missing field and a dangling reference, all at once', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const { title: _title, ...untitled } = NEW_CONTENT
  const error = await captureRejection(
    mock.contents.create({
      ...untitled,
      variation_unique: 'v1',
      project_unique: 'p9',
    } as never),
  )
  expect(error).toBeInstanceOf(InvalidRecordError)
  expect(error.issues.map((issue: { path: string }) => issue.path)).toEqual([
    'variation_unique',
    'project_unique',
    'title',
  ])
  expect(error.issues[0].message).toMatch(/^already used by another content;/)
  expect(mock.contents.list()).toHaveLength(4)
})

it('keeps the records it takes and returns apart from the dataset', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const record = {
    ...NEW_CONTENT,
    mode: 'blogmode',
    content: { sections: [{ heading: 'Intro' }] },
  }
  const created = await mock.contents.create(record)
  record.content.sections[0]!.heading = 'changed by the caller'
  ;(created.content.sections as any)[0].heading = 'changed in the answer'
  mock.contents.get('v9')!.progress!.step_process = 4
  expect(mock.contents.get('v9')).toEqual({
    ...NEW_CONTENT,
    mode: 'blogmode',
    content: { sections: [{ heading: 'Intro' }] },
  })
})

it('lists records in dataset order, filtered by plain fields', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  expect(mock.contents.list().map((c) => c.variation_unique)).toEqual([
    'v1',
    'v2',
    'v3',
    'v4',
  ])
  expect(
    mock.contents
      .list({ project_unique: 'p1' })
      .map((content) => content.variation_unique),
  ).toEqual(['v1', 'v2'])
  expect(
    mock.projects
      .list({ account: 'acct_b', is_readonly: true })
      .map((project) => project.project_unique),
  ).toEqual(['p2'])
  expect(() => mock.contents.list({ projet_unique: 'p1' } as never)).toThrow(
    'Unknown filter "projet_unique" for mock.contents.list() (did you mean "project_unique"?)',
  )
})

it('refuses to delete a project that has contents, naming them', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const error = await captureRejection(mock.projects.delete('p1'))
  expect(error).toBeInstanceOf(RecordInUseError)
  expect(error.dependents).toEqual([
    { kind: 'contents', field: 'project_unique', names: ['v1', 'v2'] },
  ])
  expect(error.message).toMatch(
    /^Cannot delete project "p1": 2 contents \(v1, v2\) through "project_unique" still refer to it\./,
  )
  expect(mock.projects.get('p1')).toBeDefined()
  expect(mock.contents.list({ project_unique: 'p1' })).toHaveLength(2)
})

it('deletes a project with its contents when asked to cascade', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  await mock.projects.delete('p1', { cascade: true })
  expect(mock.projects.get('p1')).toBeUndefined()
  expect(mock.contents.list().map((c) => c.variation_unique)).toEqual([
    'v3',
    'v4',
  ])
  const list = await callApi('/projects', { key: 'k_a' })
  expect(
    list.body.data.map((project: any) => project.project_unique),
  ).not.toContain('p1')
  expect((await callApi('/projects/p1', { key: 'k_a' })).status).toBe(404)
})

it('deletes an account with its keys and projects and unshares the others', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const refused = await captureRejection(mock.accounts.delete('acct_a'))
  expect(refused.dependents).toEqual([
    {
      kind: 'apiKeys',
      field: 'account',
      names: ['acct_a#1', 'acct_a#2', 'acct_a#3'],
    },
    { kind: 'projects', field: 'account', names: ['p1', 'p4'] },
    { kind: 'projects', field: 'shared_with', names: ['p2'] },
  ])
  // API keys are named by their labels, never in full.
  expect(refused.message).not.toContain('k_a')

  await mock.accounts.delete('acct_a', { cascade: true })
  expect(mock.exportFixtures()).toMatchObject({
    accounts: [{ id: 'acct_b' }, { id: 'acct_c' }],
    api_keys: [{ key: 'k_b' }, { key: 'k_c' }],
    projects: [
      { project_unique: 'p2', shared_with: [] },
      { project_unique: 'p3' },
    ],
  })
  expect(mock.contents.list().map((c) => c.variation_unique)).toEqual([
    'v3',
    'v4',
  ])
  expect((await callApi('/projects', { key: 'k_a' })).status).toBe(401)
})

it('adds an API key that authenticates at once, and a deleted one no longer does', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  await mock.apiKeys.create({ key: 'k_new', account: 'acct_c' })
  expect((await callApi('/projects', { key: 'k_new' })).status).toBe(200)
  await mock.apiKeys.patch('k_new', { revoked: true })
  expect((await callApi('/projects', { key: 'k_new' })).status).toBe(401)
  await mock.apiKeys.delete('k_new')
  expect(mock.apiKeys.get('k_new')).toBeUndefined()
  expect(
    (await callApi('/projects', { key: 'k_new' })).body.error.message,
  ).not.toMatch(/revoked/)
})

it('runs changes one at a time, so two in flight cannot break a reference', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  const created = mock.contents.create({ ...NEW_CONTENT, project_unique: 'p4' })
  const deleted = mock.projects.delete('p4')
  await created
  const error = await captureRejection(deleted)
  expect(error).toBeInstanceOf(RecordInUseError)
  expect(mock.contents.get('v9')?.project_unique).toBe('p4')
})

it('changes the dataset served now, and reset brings the initial one back', async () => {
  const mock = serveSmallDataset(server)
  await mock.ready
  await mock.contents.delete('v1')
  expect(mock.contents.get('v1')).toBeUndefined()
  await mock.reset()
  expect(mock.contents.get('v1')?.title).toBe('How to lace white sneakers')
  await mock.contents.patch('v1', { title: 'After reset' })
  expect(
    (await callApi('/projects/p1/contents/v1', { key: 'k_a' })).body.data.title,
  ).toBe('After reset')
})

it('reads and patches a content of live data, which it stores in its place, and refuses to delete one', async () => {
  const mock = createContentApiMock({ seed: 7, live: true })
  await mock.ready
  mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
  const stored = new Set(mock.db.contents.all().map((c) => c.variation_unique))
  const visible = new Set(
    JSON.parse(
      String(mock.handle(apiGet('/projects', 'demo-key-alpha'))?.body),
    ).data.map((project: { project_unique: string }) => project.project_unique),
  )
  const [live, other] = mock.contents
    .list()
    .filter(
      (content) =>
        !stored.has(content.variation_unique) &&
        content.timeline !== undefined &&
        visible.has(content.project_unique),
    )
  expect(live).toBeDefined()
  expect(mock.contents.get(live!.variation_unique)).toEqual(live)

  const patched = await mock.contents.patch(live!.variation_unique, {
    timeline: null,
    title: 'Patched live content',
    progress: { step_process: 5, is_complete: true },
    publish: [],
  })
  expect(patched).not.toHaveProperty('timeline')
  const path = `/projects/${live!.project_unique}/contents/${live!.variation_unique}`
  const detail = JSON.parse(
    String(mock.handle(apiGet(path, 'demo-key-alpha'))?.body),
  )
  expect(detail.data).toMatchObject({
    title: 'Patched live content',
    progress: { step_process: 5, is_complete: true },
  })
  expect(
    mock.contents
      .list({ variation_unique: live!.variation_unique })
      .map((content) => content.title),
  ).toEqual(['Patched live content'])

  const error = await captureRejection(
    mock.contents.delete(other!.variation_unique),
  )
  expect(error).toBeInstanceOf(ComputedRecordError)
  expect(error.message).toMatch(/computed from the clock by the live stream/)
})

it('moves a content of live data to the project a patch names, out of its first one', async () => {
  const mock = createContentApiMock({ seed: 7, live: true })
  await mock.ready
  mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
  const read = (path: string) => {
    const response = mock.handle(apiGet(path, 'demo-key-alpha'))!
    return { status: response.status, body: JSON.parse(String(response.body)) }
  }
  const listOf = (project: string) =>
    read(`/projects/${project}/contents`).body.data.map(
      (content: { variation_unique: string }) => content.variation_unique,
    )
  const holders = read('/projects')
    .body.data.map(
      (project: { project_unique: string }) => project.project_unique,
    )
    .filter((project: string) => listOf(project).length > 0)
  const [from, to] = holders
  const stored = new Set(mock.db.contents.all().map((c) => c.variation_unique))
  const id = listOf(from).find((content: string) => !stored.has(content))!
  expect(id).toBeDefined()
  const [before, beforeTo] = [listOf(from).length, listOf(to).length]

  await mock.contents.patch(id, { project_unique: to })
  expect(listOf(from)).not.toContain(id)
  expect(listOf(from)).toHaveLength(before - 1)
  expect(listOf(to)).toContain(id)
  expect(listOf(to)).toHaveLength(beforeTo + 1)
  expect(read(`/projects/${from}/contents/${id}`).status).toBe(404)
  expect(read(`/projects/${to}/contents/${id}`).status).toBe(200)
})

function apiGet(path: string, key: string) {
  return {
    method: 'GET',
    origin: 'http://localhost',
    path: `/public-api/v1${path}`,
    query: '',
    headers: new Headers({ authorization: `Bearer ${key}` }),
  }
}
