import type { Collection } from '@msw/data'
import type {
  fixtureAccountSchema,
  fixtureApiKeySchema,
  fixtureContentSchema,
  fixtureProjectSchema,
} from '../schema/fixture.js'

/**
 * The `@msw/data` collections that hold one dataset. Records have the shape
 * of the fixture document's records (`FixtureAccount`, `FixtureApiKey`,
 * `FixtureProject`, `FixtureContent`); foreign keys are plain ID fields.
 */
export interface DatasetCollections {
  accounts: Collection<typeof fixtureAccountSchema>
  apiKeys: Collection<typeof fixtureApiKeySchema>
  projects: Collection<typeof fixtureProjectSchema>
  contents: Collection<typeof fixtureContentSchema>
}
