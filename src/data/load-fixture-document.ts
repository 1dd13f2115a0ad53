import type { Collection } from '@msw/data'
import type { FixtureContent, FixtureDocument } from '../schema/fixture.js'
import { createRecordAdopter } from './adopt-records.js'
import type { Dataset, ViewersOf } from './dataset.js'
import { openDataset } from './dataset.js'
import { runInSlices } from './run-in-slices.js'

/**
 * How many records are put into the dataset between two looks at the
 * clock (a few milliseconds' worth).
 */
const BATCH_SIZE = 500

/**
 * Fills a new dataset with the records of an already validated fixture
 * document (see `parseFixtureDocument`), in document order; `viewersOf` says
 * which accounts see a project.
 * @note The dataset takes the document's records as they are, without a
 * copy or a second validation, and freezes them: the document must be one
 * the caller will not change (`parseFixtureDocument` returns a fresh one,
 * and so does `createSeedDocument`). Loading the same document again (as
 * `reset()` does) shares its records, which no change can reach: a change
 * through the collections replaces a record, it never edits one.
 * @example
 * const dataset = await loadFixtureDocument(parseFixtureDocument(json), viewersOf)
 */
export async function loadFixtureDocument(
  document: FixtureDocument,
  viewersOf: ViewersOf,
): Promise<Dataset> {
  const { dataset, indexer } = openDataset(viewersOf)
  const adopt = await createRecordAdopter()
  // @note In steps of a batch each, so a large load hands the event loop
  // back every `SLICE_MS` and the answers served meanwhile (from the old
  // dataset) do not wait for it.
  function* fill<Stored extends object>(
    collection: Collection<any>,
    records: readonly Stored[],
    add: (record: Stored) => void,
    idOf: (record: Stored) => string,
  ): Generator<void, void> {
    for (let start = 0; start < records.length; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, records.length)
      for (let i = start; i < end; i++) {
        const record = records[i]!
        adopt(collection, record, idOf(record))
        add(record)
      }
      indexer.changed()
      yield
    }
  }
  await runInSlices(
    (function* () {
      yield* fill(
        dataset.accounts,
        document.accounts,
        indexer.add.accounts,
        (a) => a.id,
      )
      yield* fill(
        dataset.apiKeys,
        document.api_keys,
        indexer.add.apiKeys,
        (k) => k.key,
      )
      yield* fill(
        dataset.projects,
        document.projects,
        indexer.add.projects,
        (p) => p.project_unique,
      )
      yield* fill(
        dataset.contents,
        document.contents,
        (content) => indexer.add.contents(ownBody(content)),
        (c) => c.variation_unique,
      )
    })(),
  )
  return dataset
}

/**
 * Copies the objects inside a content's body, the one part of a record a
 * validation passes through as given (`z.unknown()`), so that freezing the
 * record does not freeze an object of the caller's.
 */
function ownBody(content: FixtureContent): FixtureContent {
  if (Object.isFrozen(content)) return content
  const body = content.content
  for (const key of Object.keys(body)) {
    const value = body[key]
    if (typeof value === 'object' && value !== null) {
      body[key] = structuredClone(value)
    }
  }
  return content
}
