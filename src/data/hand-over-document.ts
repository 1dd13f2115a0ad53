import { isObject } from '../schema/is-object.js'
/** `take` tells whether a document had the mark and removes it. */
function createOneTimeMarks() {
  const marked = new WeakSet<object>()
  return {
    mark(document: unknown): void {
      if (isObject(document)) marked.add(document)
    },
    take(document: unknown): boolean {
      return isObject(document) && marked.delete(document)
    },
  }
}

const handedOver = createOneTimeMarks()

/**
 * Hands a document parsed for the mock alone (a request's body, a file just read) to its next check, which keeps
 * its valid records instead of a copy, so a large load holds them once, not twice. A caller's object is copied.
 */
export function handOverDocument(document: unknown): void {
  handedOver.mark(document)
}

export function takeHandedOver(document: unknown): boolean {
  return handedOver.take(document)
}

const checked = createOneTimeMarks()

/**
 * The next check of the document a check made of a handed-over one passes it as it is: the CLI reads a fixture
 * file, then loads the mock from it, one check, not two. A document a user passes is always checked.
 */
export function markChecked(document: object): void {
  checked.mark(document)
}

export function takeChecked(document: unknown): boolean {
  return checked.take(document)
}
