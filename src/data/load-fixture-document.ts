import type { FixtureDocument } from '../schema/fixture.js'
import { createDataset, type Dataset, type ViewersOf } from './dataset.js'
import { SLICE_MS } from './run-in-slices.js'
import { yieldToLoop } from './yield-to-loop.js'

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
  // @note The event loop is handed back every `SLICE_MS`, so a large load
  // does not hold up the answers served meanwhile (from the old dataset).
  let sliceStart = performance.now()
  for (const record of records) {
    await collection.create(structuredClone(record))
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop()
      sliceStart = performance.now()
    }
  }
}
