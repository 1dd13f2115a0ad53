/**
 * A JSON merge patch (RFC 7396) of a `T`: objects merged field by field, `null` removes an optional field, arrays
 * and other values replace it.
 * @example
 * const patch: MergePatch<FixtureProject> = { shared_with: null, description: 'Archived' }
 */
export type MergePatch<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? {
        [K in keyof T]?: unknown extends T[K]
          ? unknown
          : | MergePatch<NonNullable<T[K]>>
            | (undefined extends T[K] ? null : never)
      }
    : T

export type RecordFilterField<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string | number | boolean
    ? K
    : never
}[keyof T]

/**
 * A filter of `list()`: values that the records' plain fields must equal.
 * @example
 * const filter: RecordFilter<FixtureContent> = { project_unique: 'p1', mode: 'moviemode' }
 */
export type RecordFilter<T> = {
  [K in RecordFilterField<T>]?: NonNullable<T[K]>
}

export interface DeleteRecordOptions {
  /**
   * Also delete the records that belong to this one and remove it from the `shared_with` of others; without it, a
   * record still referred to is not deleted (`RecordInUseError`).
   */
  cascade?: boolean
}

/**
 * One record at a time of one kind of the dataset served now, in the fixture format. Reads are synchronous; changes
 * run one after another, validated as a fixture document is, whole or not at all. Live contents are computed: read
 * as at the clock's time, and a patch stores the changed content in their place.
 * @example
 * await mock.contents.patch('v1', { progress: { step_process: 5, is_complete: true } })
 * mock.contents.list({ project_unique: 'p1' }).length // 2
 */
export interface RecordController<Record> {
  /**
   * Copies of the records in dataset order, or of those whose fields equal every value of `filter`.
   * @throws {TypeError} for a filter field that is not a plain field.
   */
  list(filter?: RecordFilter<Record>): Record[]
  /** The record with this ID (a copy), or `undefined`. */
  get(id: string): Record | undefined
  /** @throws {InvalidRecordError} naming every problem: shape, a missing referred record, an ID already used. */
  create(record: Record): Promise<Record>
  /**
   * Applies a JSON merge patch; the ID cannot change.
   * @throws {RecordNotFoundError} | {InvalidRecordError} naming every problem of the patched record.
   */
  patch(id: string, patch: MergePatch<Record>): Promise<Record>
  /**
   * @throws {RecordInUseError} when other records still refer to it and `cascade` is not set.
   * @throws {ComputedRecordError} for a content of live data, which the clock would bring back.
   */
  delete(id: string, options?: DeleteRecordOptions): Promise<void>
}
