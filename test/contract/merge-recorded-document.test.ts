import { expect, it } from 'vitest'
import type { FixtureDocument } from 'content-api-mock'
// A unit test of --record's merge into an earlier document, which no entry exports.
import { mergeRecordedDocument } from '../../src/contract/merge-recorded-document.js'
import { loadFixture } from '../support/load-fixture.js'

const earlier = loadFixture('small.json') as FixtureDocument

/** A recording of p1 (renamed) and of a new project p9 with one content. */
function recorded(): FixtureDocument {
  const p1 = { ...earlier.projects[0]!, project_name: 'Recorded name' }
  const v1 = { ...earlier.contents[0]!, title: 'Recorded title' }
  return {
    version: 1,
    accounts: [{ id: 'acct_recorded', name: 'Recorded' }],
    api_keys: [{ key: 'demo-key-recorded', account: 'acct_recorded' }],
    projects: [
      { ...p1, account: 'acct_recorded' },
      { ...p1, project_unique: 'p9', account: 'acct_recorded' },
    ],
    contents: [v1, { ...v1, variation_unique: 'v9', project_unique: 'p9' }],
  }
}

it('keeps the earlier records and adds the new ones after them', () => {
  const merged = mergeRecordedDocument(earlier, recorded(), {
    projects: new Set(),
    contents: new Set(),
  })

  expect(merged.projects.map((project) => project.project_unique)).toEqual([
    'p1',
    'p2',
    'p3',
    'p4',
    'p9',
  ])
  expect(merged.contents.map((content) => content.variation_unique)).toEqual([
    'v1',
    'v2',
    'v3',
    'v4',
    'v9',
  ])
  expect(merged.accounts.map((account) => account.id)).toEqual([
    'acct_a',
    'acct_b',
    'acct_c',
    'acct_recorded',
  ])
  expect(merged.api_keys.at(-1)?.key).toBe('demo-key-recorded')
})

it('leaves an earlier record alone when the recording saw it only in a list', () => {
  const merged = mergeRecordedDocument(earlier, recorded(), {
    projects: new Set(),
    contents: new Set(),
  })

  expect(merged.projects[0]).toEqual(earlier.projects[0])
  expect(merged.contents[0]).toEqual(earlier.contents[0])
})

it('replaces an earlier record, in its place, when the recording holds its detail', () => {
  const merged = mergeRecordedDocument(earlier, recorded(), {
    projects: new Set(['p1']),
    contents: new Set(['v1']),
  })

  expect(merged.projects[0]).toMatchObject({
    project_unique: 'p1',
    project_name: 'Recorded name',
    account: 'acct_recorded',
  })
  expect(merged.contents[0]).toMatchObject({
    variation_unique: 'v1',
    title: 'Recorded title',
  })
})
