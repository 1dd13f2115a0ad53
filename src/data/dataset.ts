import { Collection } from '@msw/data'
import {
  fixtureAccountSchema,
  fixtureApiKeySchema,
  fixtureContentSchema,
  fixtureProjectSchema,
} from '../schema/fixture.js'
import type { DatasetCollections } from './dataset-collections.js'
import { createDatasetIndex, type DatasetIndex } from './dataset-index.js'

export type { DatasetCollections }

/**
 * One dataset: its collections and the indexes kept in step with them.
 */
export interface Dataset extends DatasetCollections {
  index: DatasetIndex
}

/**
 * Creates an empty dataset whose indexes follow every create, update and
 * delete made through its collections.
 * @example
 * const dataset = createDataset()
 * await dataset.accounts.create({ id: 'acct_a', name: 'Alpha' })
 * dataset.index.accountsById.get('acct_a')?.name // 'Alpha'
 */
export function createDataset(): Dataset {
  const collections: DatasetCollections = {
    accounts: new Collection({ schema: fixtureAccountSchema }),
    apiKeys: new Collection({ schema: fixtureApiKeySchema }),
    projects: new Collection({ schema: fixtureProjectSchema }),
    contents: new Collection({ schema: fixtureContentSchema }),
  }
  return { ...collections, index: createDatasetIndex(collections) }
}
