import type { Collection } from '@msw/data'
import type { FixtureContent, FixtureDocument } from '../schema/fixture.js'
import { createRecordAdopter } from './adopt-records.js'
import type { Dataset, ViewersOf } from './dataset.js'
import { openDataset } from './dataset.js'
import { RECORD_KINDS, type RecordKindName } from './records/record-kinds.js'
import { runInSlices } from './run-in-slices.js'

/**
 * How many records are put into the dataset between two looks at the
 * clock (a few milliseconds' worth).
 */
const BATCH_SIZE = 500

/** The kinds in the order the fixture document lists them. */
const LOAD_ORDER: readonly RecordKindName[] = [
  'accounts',
  'apiKeys',
  'projects',
  'contents',
]

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
 */
export async function loadFixtureDocument(
  document: FixtureDocument,
  viewersOf: ViewersOf,
): Promise<Dataset> {
  const { dataset, indexer } = openDataset(viewersOf)
  const adopt = await createRecordAdopter()
  // In batches, so a large load hands the event loop back every few
  // milliseconds and the answers served meanwhile (from the old dataset) do
  // not wait for it.
  function* fill(name: RecordKindName): Generator<void, void> {
    const { list, idField } = RECORD_KINDS[name]
    const collection: Collection<any> = dataset[name]
    const records: readonly Record<string, unknown>[] = document[list]
    const add = indexer.add[name] as (record: object) => void
    for (let start = 0; start < records.length; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, records.length)
      for (let i = start; i < end; i++) {
        const record = records[i]!
        if (name === 'contents') ownBody(record as FixtureContent)
        adopt(collection, record, record[idField] as string)
        add(record)
      }
      indexer.changed()
      yield
    }
  }
  await runInSlices(
    (function* () {
      for (const name of LOAD_ORDER) yield* fill(name)
    })(),
  )
  return dataset
}

/**
 * Copies the objects inside a content's body, the one part of a record a
 * validation passes through as given (`z.unknown()`), so that freezing the
 * record does not freeze an object of the caller's.
 */
function ownBody(content: FixtureContent): void {
  if (Object.isFrozen(content)) return
  const body = content.content
  for (const key of Object.keys(body)) {
    const value = body[key]
    if (typeof value === 'object' && value !== null) {
      body[key] = structuredClone(value)
    }
  }
}
