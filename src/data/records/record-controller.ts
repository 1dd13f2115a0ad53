/**
 * A JSON merge patch (RFC 7396) of a value of type `T`: any of its fields,
 * objects merged field by field, `null` for an optional field to remove it,
 * arrays and other values replacing the field; anything for a field of
 * unknown type (inside a free-form `content`).
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

/**
 * The fields of `T` whose values are strings, numbers or booleans.
 */
export type RecordFilterField<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string | number | boolean
    ? K
    : never
}[keyof T]

/**
 * A filter of `list()`: values that the records' plain fields must equal,
 * e.g. `{ project_unique: 'p1' }` or `{ account: 'acct_a', is_readonly: true }`.
 * @example
 * const filter: RecordFilter<FixtureContent> = { project_unique: 'p1', mode: 'moviemode' }
 */
export type RecordFilter<T> = {
  [K in RecordFilterField<T>]?: NonNullable<T[K]>
}

/**
 * Options of `delete()`.
 */
export interface DeleteRecordOptions {
  /**
   * Also delete the records that belong to this one (a project's contents;
   * an account's API keys and projects, with their contents) and remove it
   * from the `shared_with` of others. Without it, a record still referred to
   * is not deleted: `delete()` throws a `RecordInUseError`.
   */
  cascade?: boolean
}

/**
 * One record at a time of one kind of the dataset served now (`mock.contents`,
 * `mock.projects`, `mock.apiKeys`, `mock.accounts`), in the fixture format.
 * Reads are synchronous; changes are asynchronous, like the collections of
 * `mock.db`, and run one after another in the order they were called. Every
 * change is validated first, as a fixture document is, and is made whole or
 * not at all; the API's answers follow at once. The contents of live data
 * (`live: true`) are computed, not stored: they are listed and read as they
 * are at the clock's time, and a patch stores the changed content in their
 * place.
 * @example
 * await mock.contents.patch('v1', { progress: { step_process: 5, is_complete: true } })
 * mock.contents.list({ project_unique: 'p1' }).length // 2
 */
export interface RecordController<Record> {
  /**
   * The records in dataset order, or those whose fields equal every value of
   * `filter`. Copies: changing them changes nothing.
   * @throws {TypeError} for a filter field that is not a plain field.
   */
  list(filter?: RecordFilter<Record>): Record[]
  /** The record with this ID (a copy), or `undefined`. */
  get(id: string): Record | undefined
  /**
   * Adds a record and resolves to it as stored.
   * @throws {InvalidRecordError} naming every problem: its shape, a
   * reference to a record that does not exist, an ID already used.
   */
  create(record: Record): Promise<Record>
  /**
   * Applies a JSON merge patch (RFC 7396) to a record and resolves to the
   * record as it is now. The ID cannot change.
   * @throws {RecordNotFoundError} when there is no such record.
   * @throws {InvalidRecordError} naming every problem of the patched record.
   */
  patch(id: string, patch: MergePatch<Record>): Promise<Record>
  /**
   * Deletes a record.
   * @throws {RecordNotFoundError} when there is no such record.
   * @throws {RecordInUseError} when other records still refer to it and
   * `cascade` is not set.
   * @throws {ComputedRecordError} for a content of live data, which the
   * clock would bring back.
   */
  delete(id: string, options?: DeleteRecordOptions): Promise<void>
}
