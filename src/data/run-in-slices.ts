import { yieldToLoop } from './yield-to-loop.js'

/**
 * How long a slice of work may hold the event loop, in milliseconds, before
 * it hands the loop back (`yieldToLoop`).
 * @note An answer waits a slice at each of its turns of the loop (the
 * connection, the request, the reply), so slices stay short; the hand-backs
 * cost next to nothing (bench/README.md, "Data").
 */
const SLICE_MS = 5

/**
 * Runs work written as a generator (one `yield` after each small step) in
 * slices of about `SLICE_MS`, handing the event loop back between slices,
 * and resolves to what the generator returns.
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
 */
export function runAtOnce<Result>(steps: Generator<void, Result>): Result {
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}
