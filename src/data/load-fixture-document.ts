import type { FixtureDocument } from '../schema/fixture.js'
import { createDataset, type Dataset, type ViewersOf } from './dataset.js'

/**
 * Fills a new dataset with the records of an already validated fixture
 * document (see `parseFixtureDocument`), in document order; `viewersOf` says
 * which accounts see a project.
 * @example
 * const dataset = await loadFixtureDocument(parseFixtureDocument(json), viewersOf)
 */
export async function loadFixtureDocument(
  document: FixtureDocument,
  viewersOf: ViewersOf,
): Promise<Dataset> {
  const dataset = createDataset(viewersOf)
  await Promise.all([
    createAll(dataset.accounts, document.accounts),
    createAll(dataset.apiKeys, document.api_keys),
    createAll(dataset.projects, document.projects),
    createAll(dataset.contents, document.contents),
  ])
  return dataset
}

async function createAll<Record>(
  collection: { create(record: Record): Promise<unknown> },
  records: readonly Record[],
): Promise<void> {
  // @note One at a time, so the collection keeps the document's order.
  // `structuredClone` keeps the caller's document and the dataset apart.
  for (const record of records) {
    await collection.create(structuredClone(record))
  }
}
