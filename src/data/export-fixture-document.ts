import { createPicker } from '../schema/create-picker.js'
import {
  FIXTURE_SCHEMA_PATH,
  FIXTURE_VERSION,
  fixtureDocumentSchema,
  type FixtureDocument,
} from '../schema/fixture.js'
import type { DatasetCollections } from './dataset.js'

// The fields of each record come from the fixture schemas, in their order.
const pickDocument = createPicker(fixtureDocumentSchema)

/**
 * Writes a dataset back as a fixture document, version 1: `$schema` first
 * (`FIXTURE_SCHEMA_PATH`), then the records in collection order, each with
 * the keys of the format in the format's order, so that loading the export
 * and exporting again gives the same document. The document shares nothing
 * with the dataset: changing it changes no record.
 * @example
 * const json = `${JSON.stringify(exportFixtureDocument(mock.db), null, 2)}\n`
 */
export function exportFixtureDocument(
  dataset: DatasetCollections,
): FixtureDocument {
  return pickDocument({
    $schema: FIXTURE_SCHEMA_PATH,
    version: FIXTURE_VERSION,
    accounts: dataset.accounts.all(),
    api_keys: dataset.apiKeys.all(),
    projects: dataset.projects.all(),
    contents: dataset.contents.all(),
  })
}
