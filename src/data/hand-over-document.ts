import { isObject } from '../schema/is-object.js'

/** `take` tells whether a document had the mark and removes it. */
class OneTimeMarks {
  readonly #marked = new WeakSet<object>()

  mark(document: unknown): void {
    if (isObject(document)) this.#marked.add(document)
  }

  take(document: unknown): boolean {
    return isObject(document) && this.#marked.delete(document)
  }
}

/**
 * Documents handed over (`mark`) for their next check: parsed for the mock alone (a request's body, a file just
 * read), the check keeps their valid records instead of a copy, so a large load holds them once, not twice. A
 * caller's object is copied.
 */
export const handedOver = new OneTimeMarks()

/**
 * Documents a check made of a handed-over one, which the next check passes as they are: the CLI reads a fixture
 * file, then loads the mock from it, one check, not two. A document a user passes is always checked.
 */
export const checked = new OneTimeMarks()
