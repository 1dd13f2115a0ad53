import type { FixtureContent } from 'content-api-mock'

/**
 * A content of project p1 of test/fixtures/small.json that is not in it yet,
 * fresh for each call, for tests that create one; `fields` replace its own.
 * @example
 * await mock.contents.create(newContent({ project_unique: 'p4' }))
 */
export function newContent(
  fields: Partial<FixtureContent> = {},
): FixtureContent {
  return {
    variation_unique: 'v9',
    project_unique: 'p1',
    mode: 'moviemode',
    title: 'Behind the scenes',
    progress: { step_process: 1, is_complete: false },
    created_at: '2024-03-09T10:00:00Z',
    content: { movie_unique: 'm9' },
    publish: [],
    ...fields,
  }
}
