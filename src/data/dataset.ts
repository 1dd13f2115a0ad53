import {
  fixtureAccountSchema,
  fixtureApiKeySchema,
  fixtureContentSchema,
  fixtureProjectSchema,
} from '../schema/fixture.js'
import { DatasetCollection } from './dataset-collection.js'
import type { DatasetCollections } from './dataset-collections.js'
import {
  createDatasetIndex,
  type DatasetIndex,
  type DatasetIndexer,
  type ViewersOf,
} from './dataset-index.js'

export type { DatasetCollections, ViewersOf }

export interface Dataset extends DatasetCollections {
  index: DatasetIndex
}

export function createDataset(viewersOf: ViewersOf): Dataset {
  return openDataset(viewersOf).dataset
}

/** With the indexer of records put into its collections without their hooks. */
export function openDataset(viewersOf: ViewersOf): {
  dataset: Dataset
  indexer: DatasetIndexer
} {
  const collections = {
    accounts: new DatasetCollection({ schema: fixtureAccountSchema }),
    apiKeys: new DatasetCollection({ schema: fixtureApiKeySchema }),
    projects: new DatasetCollection({ schema: fixtureProjectSchema }),
    contents: new DatasetCollection({ schema: fixtureContentSchema }),
  } satisfies DatasetCollections
  const indexer = createDatasetIndex(collections, viewersOf)
  return { dataset: { ...collections, index: indexer.index }, indexer }
}
