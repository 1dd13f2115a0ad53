/**
 * Marks on documents that count for one reading: `take` tells whether a
 * document had the mark and removes it.
 */
function createOneTimeMarks() {
  const marked = new WeakSet<object>()
  const isObject = (value: unknown): value is object =>
    typeof value === 'object' && value !== null
  return {
    mark(document: unknown): void {
      if (isObject(document)) marked.add(document)
    },
    take(document: unknown): boolean {
      return isObject(document) && marked.delete(document)
    },
  }
}

/** The documents handed over (see `handOverDocument`), until they are read. */
const handedOver = createOneTimeMarks()

/**
 * Hands a document parsed for the mock alone (a request's body, a file just
 * read) over to the next check of it: `parseFixtureDocument` and
 * `parseFixtureDocumentInSlices` then keep its valid records as they are,
 * instead of the copy the validation makes, and the dataset freezes them.
 * A document nobody handed over is copied, so a caller's object is never
 * frozen or kept; a document that fails the check is dropped whole either way.
 * @note For large loads (`PUT /__mock/fixtures`): without the copy the heap
 * holds the records once, not twice, while a load is checked and built.
 */
export function handOverDocument(document: unknown): void {
  handedOver.mark(document)
}

/**
 * Whether `document` was handed over (see `handOverDocument`), forgetting it:
 * a hand-over counts for one check.
 */
export function takeHandedOver(document: unknown): boolean {
  return handedOver.take(document)
}

/** Documents a check passed after they were handed over, until read again. */
const checked = createOneTimeMarks()

/**
 * Marks the document a check made of a handed-over one: the next check of
 * that very object (`takeChecked`) passes it as it is. The CLI reads a
 * fixture file (`readFixtureFile`) and then creates or loads the mock from
 * it: one check, not two.
 * @note Only handed-over documents get the mark, so a document a user
 * passes, or one a user got from `parseFixtureDocument`, is always checked.
 */
export function markChecked(document: object): void {
  checked.mark(document)
}

/**
 * Whether `document` is one a check passed (see `markChecked`), forgetting
 * it: a mark counts for one check.
 */
export function takeChecked(document: unknown): boolean {
  return checked.take(document)
}
