import type { Collection } from '@msw/data'
import type { FixtureContent, FixtureDocument } from '../schema/fixture.js'
import { isObject } from '../schema/is-object.js'
import { createRecordAdopter } from './adopt-records.js'
import type { Dataset, ViewersOf } from './dataset.js'
import { openDataset } from './dataset.js'
import { RECORD_KINDS, type RecordKindName } from './records/record-kinds.js'
import { runInSlices } from './run-in-slices.js'

/** Records put into the dataset between two looks at the clock (a few milliseconds' worth). */
const BATCH_SIZE = 500

/** A kind refers only to kinds before it. */
const LOAD_ORDER = Object.keys(RECORD_KINDS) as RecordKindName[]

/**
 * Fills a new dataset with the records of a validated document as they are, and freezes them: the caller must not
 * change the document. `reset()` loading it again shares them safely: a change replaces a record, never edits one.
 */
export async function loadFixtureDocument(
  document: FixtureDocument,
  viewersOf: ViewersOf,
): Promise<Dataset> {
  const { dataset, indexer } = openDataset(viewersOf)
  const adopt = await createRecordAdopter()
  // In batches, so the answers served meanwhile (from the old dataset) do not wait for a large load.
  function* fill(name: RecordKindName): Generator<void, void> {
    const { list, idField } = RECORD_KINDS[name]
    const collection: Collection<any> = dataset[name]
    const records: readonly Record<string, unknown>[] = document[list]
    for (let start = 0; start < records.length; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, records.length)
      for (let i = start; i < end; i++) {
        const record = records[i]!
        if (name === 'contents') ownBody(record as FixtureContent)
        adopt(collection, record, record[idField] as string)
        indexer.add[name](record)
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

/** The one part a validation passes through as given (`z.unknown()`): freezing must not reach the caller's object. */
function ownBody(content: FixtureContent): void {
  if (Object.isFrozen(content)) return
  const body = content.content
  for (const [key, value] of Object.entries(body)) {
    if (isObject(value)) body[key] = structuredClone(value)
  }
}
