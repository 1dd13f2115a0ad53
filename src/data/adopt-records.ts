import { Collection } from '@msw/data'
import { cached } from './cached.js'

let symbols: ReturnType<typeof readSymbols> | undefined

/**
 * Puts validated records into a collection without `create()`'s copy, check and hooks (an order of magnitude more
 * time and heap), so that `@msw/data` treats them as its own.
 * @note `all()` returns the collection's own array, and the symbols are read off a throwaway collection's record
 * (`@msw/data` does not export them); test/data/dataset-storage.test.ts fails if either stops being so.
 */
export async function createRecordAdopter(): Promise<
  (collection: Collection<any>, record: object, primaryKey: string) => void
> {
  const { primaryKey, relationMap } = await (symbols ??= readSymbols())
  const relationMaps = new WeakMap<object, Map<string, unknown>>()
  // The map of its relations is made only if someone asks for it (`defineRelations`, `update`).
  function relationMapOf(this: object): Map<string, unknown> {
    return cached(relationMaps, this, () => new Map())
  }
  return (collection, record, key) => {
    // A record of the document kept for `reset()` was adopted before.
    if (!Object.hasOwn(record, primaryKey)) {
      Object.defineProperty(record, primaryKey, { value: key })
      Object.defineProperty(record, relationMap, { get: relationMapOf })
    }
    collection.all().push(record)
  }
}

const ANY_OBJECT = {
  '~standard': {
    version: 1,
    vendor: 'content-api-mock',
    validate: (value: unknown) => ({ value: value as object }),
  },
} as const

async function readSymbols() {
  const probe = await new Collection({ schema: ANY_OBJECT }).create({})
  const named = (name: string) =>
    Object.getOwnPropertySymbols(probe).find(
      (symbol) => symbol.description === name,
    )
  const primaryKey = named('kPrimaryKey')
  const relationMap = named('kRelationMap')
  if (primaryKey === undefined || relationMap === undefined) {
    throw new Error(
      'content-api-mock cannot load records into this version of @msw/data: its records no longer carry the kPrimaryKey and kRelationMap symbols. Install the @msw/data version content-api-mock declares in its package.json, or report this as a bug.',
    )
  }
  return { primaryKey, relationMap }
}
