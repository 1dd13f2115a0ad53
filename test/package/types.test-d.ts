import type { HttpHandler } from 'msw'
import {
  createContentApiMock,
  type ClientReportOptions,
  type ContentApiMock,
  type ContentApiMockOptions,
  type ContentDetail,
  type FixtureDocument,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListResponse,
  type RateLimit,
  type Scenario,
  type ScenarioPreset,
  type VariantName,
} from 'content-api-mock'
import { expectTypeOf, it } from 'vitest'

it('types the handlers as msw handlers for setupServer and setupWorker', () => {
  expectTypeOf<ContentApiMock['handlers']>().toEqualTypeOf<HttpHandler[]>()
})

it('types list items with the list fields only', () => {
  expectTypeOf<
    ProjectListResponse['data'][number]
  >().toEqualTypeOf<ProjectListItem>()
  expectTypeOf<ProjectListItem>().not.toHaveProperty('is_readonly')
  expectTypeOf<ProjectDetail>()
    .toHaveProperty('is_readonly')
    .toEqualTypeOf<boolean>()
  expectTypeOf<ProjectListResponse['meta']['total']>().toEqualTypeOf<number>()
})

it('types the content detail with publish results and a mode-dependent content', () => {
  expectTypeOf<
    ContentDetail['publish'][number]['post_url']
  >().toEqualTypeOf<string>()
  expectTypeOf<ContentDetail['content']>().toExtend<Record<string, unknown>>()
})

it('accepts a fixture document literal and rejects a misspelled option', () => {
  const fixtures: FixtureDocument = {
    accounts: [{ id: 'a', name: 'A' }],
    api_keys: [{ key: 'k', account: 'a' }],
    projects: [],
    contents: [],
  }
  expectTypeOf(createContentApiMock).toBeCallableWith({ fixtures })
  expectTypeOf(createContentApiMock).toBeCallableWith({
    seed: 1,
    listOrder: 'oldest-first',
  })
  // @ts-expect-error listOrder takes 'newest-first' or 'oldest-first'
  createContentApiMock({ listOrder: 'random' })
  // @ts-expect-error seed is a number
  createContentApiMock({ seed: '1' })
})

it('types the options as documented (derived from the schema that checks them)', () => {
  type Options = Required<ContentApiMockOptions>
  expectTypeOf<Options['now']>().toEqualTypeOf<() => number>()
  expectTypeOf<Options['listOrder']>().toEqualTypeOf<
    'newest-first' | 'oldest-first'
  >()
  expectTypeOf<Options['size']>().toEqualTypeOf<{
    projects?: number | undefined
    contents?: number | undefined
  }>()
  expectTypeOf<Options['fixtures']>().toBeUnknown()
  expectTypeOf<Options['scenarios'][number]>().toEqualTypeOf<
    Scenario | ScenarioPreset
  >()
  expectTypeOf<Options['variants']>().toEqualTypeOf<VariantName[]>()
  expectTypeOf<Options['clientReport']>().toEqualTypeOf<ClientReportOptions>()
  expectTypeOf<Options['rateLimit']>().toEqualTypeOf<RateLimit>()
})
