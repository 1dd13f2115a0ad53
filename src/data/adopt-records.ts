import { Collection } from '@msw/data'

/**
 * The two symbols by which `@msw/data` tells its records: the primary key
 * (`update` and `delete` find a record by it) and the map of its relations.
 */
interface RecordSymbols {
  primaryKey: symbol
  relationMap: symbol
}

let symbols: Promise<RecordSymbols> | undefined

/**
 * Puts records that were validated already into a collection as they are,
 * without `create()`'s copy, schema check and hooks, so that `update`,
 * `delete` and the queries of `@msw/data` treat them as their own.
 * @note `create()` copies, validates again and decorates each record, an
 * order of magnitude more time and heap than adopting (CONTRIBUTING.md,
 * "Layout"). `all()` returns the collection's own array (its source says
 * so: queries need the records' identities), and the symbols are read off a
 * record of a throwaway collection, since `@msw/data` does not export them.
 * A test (test/data/dataset-storage.test.ts) fails if either stops being so.
 */
export async function createRecordAdopter(): Promise<
  (collection: Collection<any>, record: object, primaryKey: string) => void
> {
  const { primaryKey, relationMap } = await (symbols ??= readSymbols())
  const relationMaps = new WeakMap<object, Map<string, unknown>>()
  // One function for every adopted record: the map of its relations is made only if
  // someone asks for it (`defineRelations`, `update`).
  function relationMapOf(this: object): Map<string, unknown> {
    let map = relationMaps.get(this)
    if (map === undefined) {
      map = new Map()
      relationMaps.set(this, map)
    }
    return map
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

/** A Standard Schema that takes any object as it is, for the probe. */
const ANY_OBJECT = {
  '~standard': {
    version: 1,
    vendor: 'content-api-mock',
    validate: (value: unknown) => ({ value: value as object }),
  },
} as const

async function readSymbols(): Promise<RecordSymbols> {
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
