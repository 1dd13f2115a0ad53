import { Collection } from '@msw/data'
import type * as z from 'zod'

/**
 * A collection of `mock.db`: @msw/data's own, whose `clear()` also tells
 * those that follow the collection (the dataset's index). @msw/data 1.1.7's
 * `clear()` removes records while it walks them, so its `delete` hook fires
 * for every other record only; the index cannot rely on it.
 */
export class DatasetCollection<
  Schema extends z.ZodType,
> extends Collection<Schema> {
  readonly #clearListeners: Array<() => void> = []

  /** Calls `listener` after every `clear()`, once the collection is empty. */
  onClear(listener: () => void): void {
    this.#clearListeners.push(listener)
  }

  override clear(): void {
    super.clear()
    for (const listener of this.#clearListeners) listener()
  }
}
