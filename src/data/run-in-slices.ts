import { yieldToLoop } from './yield-to-loop.js'

/**
 * How long a slice of work may hold the event loop, in milliseconds, before
 * it hands the loop back (`yieldToLoop`).
 * @note Well under the ~100 ms after which an answer feels stalled, and long
 * enough that the hand-backs (a few microseconds each) cost nothing. An
 * answer waits a slice at each of its turns of the loop (the connection, the
 * request, the reply): 5 ms, not 10, took a 50 MB load's median probe from
 * 26-29 ms to 9-10 ms and its p99 from 67-91 to 47-75 ms, in no more time
 * (bench/README.md, "Big fixture loads").
 */
export const SLICE_MS = 5

/**
 * Runs work written as a generator (one `yield` after each small step) in
 * slices of about `SLICE_MS`, handing the event loop back between slices,
 * and resolves to what the generator returns.
 * @example
 * const issues = await runInSlices(checkEachRecord(document))
 */
export async function runInSlices<Result>(
  steps: Generator<void, Result>,
): Promise<Result> {
  let sliceStart = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop()
      sliceStart = performance.now()
    }
  }
}

/**
 * Runs work written for `runInSlices` at once, without handing the loop
 * back: for small inputs and synchronous callers.
 * @example
 * const issues = runAtOnce(checkEachRecord(document))
 */
export function runAtOnce<Result>(steps: Generator<void, Result>): Result {
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}
