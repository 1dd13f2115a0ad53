/**
 * Runs tasks that change state one at a time, in the order given, each
 * whether the one before failed or not (a dataset's record changes; a
 * replica's catching up, rebuilding, writes and counting turns); `onIdle`
 * is called each time the last queued task has ended.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()
  #queued = 0

  constructor(readonly onIdle: () => void = () => undefined) {}

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
