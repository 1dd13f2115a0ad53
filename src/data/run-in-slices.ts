import { yieldToLoop } from './yield-to-loop.js'

/** An answer waits a slice at each of its turns of the loop, so slices stay short (bench/README.md, "Data"). */
const SLICE_MS = 5

/** Runs a generator (one `yield` after each small step), handing the event loop back between slices. */
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

/** For small inputs and synchronous callers. */
export function runAtOnce<Result>(steps: Generator<void, Result>): Result {
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}
