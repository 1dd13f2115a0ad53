import { expect, it } from 'vitest'
import { callApi, useSmallDatasetServer } from '../support/api-client.js'

const { useSmallDataset } = useSmallDatasetServer()

it.each([
  ['an owned project', '/projects/p1', 200],
  ['the contents of an owned project', '/projects/p1/contents', 200],
  ['a content of an owned project', '/projects/p1/contents/v1', 200],
  [
    'the contents of a project the key cannot see',
    '/projects/p3/contents',
    404,
  ],
  [
    'a content of a project the key cannot see',
    '/projects/p3/contents/v4',
    404,
  ],
])('answers %s to its key (%s) with %i', async (_, path, status) => {
  useSmallDataset()
  expect((await callApi(path, { key: 'k_a' })).status).toBe(status)
})

it('shows a project shared with the key owner, and to its owner', async () => {
  useSmallDataset()
  for (const key of ['k_a', 'k_b']) {
    expect((await callApi('/projects/p2', { key })).status).toBe(200)
    expect(
      (await callApi('/projects/p2/contents', { key })).body.meta.total,
    ).toBe(1)
    expect((await callApi('/projects/p2/contents/v3', { key })).status).toBe(
      200,
    )
  }
})

it("answers 404 for another account's project exactly as for a missing one", async () => {
  useSmallDataset()
  const other = await callApi('/projects/p3', { key: 'k_a' })
  const missing = await callApi('/projects/p999', { key: 'k_a' })
  expect(other.status).toBe(404)
  expect(missing.status).toBe(404)
  expect(other.body.error.code).toBe('not_found')
  expect(other.body.error.message.replace('p3', 'ID')).toBe(
    missing.body.error.message.replace('p999', 'ID'),
  )
  expect((await callApi('/projects/p3', { key: 'k_b' })).status).toBe(200)
})

it('answers 404 for a content asked for under another project', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p1/contents/v3', {
    key: 'k_a',
  })
  expect(status).toBe(404)
  expect(body.error.code).toBe('not_found')
})

it('answers 404 for a missing content of a visible project', async () => {
  useSmallDataset()
  const { status, body } = await callApi('/projects/p1/contents/v999', {
    key: 'k_a',
  })
  expect(status).toBe(404)
  expect(body.error.message).toMatch(/No content "v999" in project "p1"/)
})

it('never lists a project of another account', async () => {
  useSmallDataset()
  const alpha = await callApi('/projects', { key: 'k_a' })
  const beta = await callApi('/projects', { key: 'k_b' })
  expect(alpha.body.data.map((p: any) => p.project_unique).sort()).toEqual([
    'p1',
    'p2',
    'p4',
  ])
  expect(beta.body.data.map((p: any) => p.project_unique).sort()).toEqual([
    'p2',
    'p3',
  ])
})

it('never leaks internal fields into any response', async () => {
  useSmallDataset()
  const paths = [
    '/projects',
    '/projects/p2',
    '/projects/p2/contents',
    '/projects/p1/contents/v1',
  ]
  for (const path of paths) {
    const text = JSON.stringify((await callApi(path, { key: 'k_a' })).body)
    for (const secret of [
      'acct_a',
      'acct_b',
      'shared_with',
      '"account"',
      'k_a',
      'k_b',
      'project_unique":"p1","mode',
    ]) {
      expect(text).not.toContain(secret)
    }
  }
})
