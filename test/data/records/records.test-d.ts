import {
  createContentApiMock,
  type FixtureApiKey,
  type FixtureContent,
  type FixtureProject,
  type MergePatch,
  type RecordController,
  type RecordFilter,
} from 'content-api-mock'
import { createContentApiServer } from 'content-api-mock/server'
import { setupContentApiMock } from 'content-api-mock/vitest'
import { expectTypeOf, it } from 'vitest'

it('gives every mock the record controllers of the fixture records', () => {
  type Mock = ReturnType<typeof createContentApiMock>
  expectTypeOf<Mock['contents']>().toEqualTypeOf<
    RecordController<FixtureContent>
  >()
  expectTypeOf<Mock['projects']>().toEqualTypeOf<
    RecordController<FixtureProject>
  >()
  expectTypeOf<Mock['apiKeys']>().toEqualTypeOf<
    RecordController<FixtureApiKey>
  >()
  expectTypeOf<
    ReturnType<typeof setupContentApiMock>['contents']
  >().toEqualTypeOf<RecordController<FixtureContent>>()
  expectTypeOf<
    Awaited<ReturnType<typeof createContentApiServer>>['mock']['contents']
  >().toEqualTypeOf<RecordController<FixtureContent>>()
})

it('reads synchronously and changes asynchronously', () => {
  const mock = createContentApiMock()
  expectTypeOf(mock.contents.get('v1')).toEqualTypeOf<
    FixtureContent | undefined
  >()
  expectTypeOf(mock.contents.list()).toEqualTypeOf<FixtureContent[]>()
  expectTypeOf(mock.contents.patch('v1', {})).toEqualTypeOf<
    Promise<FixtureContent>
  >()
  expectTypeOf(mock.projects.delete('p1', { cascade: true })).toEqualTypeOf<
    Promise<void>
  >()
})

it('types a merge patch: nested fields optional, null only for optional fields', () => {
  const mock = createContentApiMock()
  void mock.contents.patch('v1', { progress: { step_process: 5 } })
  void mock.projects.patch('p1', { shared_with: null, description: 'x' })
  // @ts-expect-error a required field cannot be removed
  void mock.contents.patch('v1', { title: null })
  // @ts-expect-error a misspelt field
  void mock.contents.patch('v1', { titel: 'x' })
  // @ts-expect-error a value of the wrong type
  void mock.contents.patch('v1', { progress: { is_complete: 'yes' } })
  expectTypeOf<MergePatch<FixtureApiKey>>().toEqualTypeOf<{
    key?: string
    account?: string
    expires_at?: string | null
    revoked?: boolean | null
  }>()
})

it('types a filter by the plain fields only', () => {
  const mock = createContentApiMock()
  mock.contents.list({ project_unique: 'p1', mode: 'moviemode' })
  mock.projects.list({ is_readonly: true })
  // @ts-expect-error progress is an object, not a plain field
  mock.contents.list({ progress: { step_process: 1, is_complete: false } })
  // @ts-expect-error is_readonly is a boolean
  mock.projects.list({ is_readonly: 'true' })
  expectTypeOf<keyof RecordFilter<FixtureContent>>().toEqualTypeOf<
    'variation_unique' | 'project_unique' | 'mode' | 'title' | 'created_at'
  >()
})

it('takes a whole record to create', () => {
  const mock = createContentApiMock()
  // @ts-expect-error a record needs every required field
  void mock.apiKeys.create({ key: 'k' })
  void mock.apiKeys.create({ key: 'k', account: 'acct_a' })
})
