/**
 * Runs a replica's tasks that change its state (catching up, rebuilding,
 * writes, counting turns) one at a time, in the order given; `onIdle` is
 * called each time the last queued task has ended.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()
  #queued = 0

  constructor(readonly onIdle: () => void) {}

  /** Whether a task is queued or running. */
  get busy(): boolean {
    return this.#queued > 0
  }

  run<Result>(task: () => Promise<Result>): Promise<Result> {
    this.#queued++
    const result = this.#tail.then(task).finally(() => {
      if (--this.#queued === 0) this.onIdle()
    })
    this.#tail = result.catch(() => undefined)
    return result
  }
}
