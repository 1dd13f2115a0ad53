import { createPicker } from '../schema/create-picker.js'
import {
  FIXTURE_SCHEMA_PATH,
  FIXTURE_VERSION,
  fixtureDocumentSchema,
  type FixtureContent,
  type FixtureDocument,
} from '../schema/fixture.js'
import type { DatasetCollections } from './dataset.js'
import { writtenRecordOf } from './resolve-story-offsets.js'

// The fields of each record come from the fixture schemas, in their order.
const pickDocument = createPicker(fixtureDocumentSchema)

/**
 * Keys in the format's order, so loading and exporting again gives the same document; shares nothing with the
 * dataset. `extraContents` (live ones) follow unless stored with the same ID; story offsets are written as loaded.
 */
export function exportFixtureDocument(
  dataset: DatasetCollections,
  extraContents: readonly FixtureContent[] = [],
): FixtureDocument {
  // `map` copies: `all()` is the collection's own array.
  const contents: FixtureContent[] = dataset.contents.all().map(writtenRecordOf)
  if (extraContents.length > 0) {
    const stored = new Set(contents.map((content) => content.variation_unique))
    for (const content of extraContents) {
      if (!stored.has(content.variation_unique)) contents.push(content)
    }
  }
  return pickDocument({
    $schema: FIXTURE_SCHEMA_PATH,
    version: FIXTURE_VERSION,
    accounts: dataset.accounts.all(),
    api_keys: dataset.apiKeys.all(),
    projects: dataset.projects.all().map(writtenRecordOf),
    contents,
  })
}
