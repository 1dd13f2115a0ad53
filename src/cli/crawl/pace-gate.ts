import PQueue from 'p-queue'

/**
 * The pace of a polite client: requests start one every `1000 / rate` ms,
 * spread evenly rather than in bursts, and all of them wait while a 429's
 * `Retry-After` holds them back.
 */
export class PaceGate {
  readonly #queue: PQueue
  readonly #maxHoldMs: number
  #holdUntil = 0
  #resume: ReturnType<typeof setTimeout> | undefined

  /** `rate`: `Infinity` for no pace. */
  constructor(rate: number, maxHoldMs: number) {
    this.#queue = new PQueue({
      concurrency: Number.POSITIVE_INFINITY,
      intervalCap: 1,
      interval: Math.max(1, Math.ceil(1000 / rate)),
    })
    this.#maxHoldMs = maxHoldMs
  }

  async pass(): Promise<void> {
    await this.#queue.add(() => undefined)
  }

  /** Holds every request back for `ms` from now, unless held longer already. */
  hold(ms: number): void {
    const until = Date.now() + Math.min(ms, this.#maxHoldMs)
    if (until <= this.#holdUntil) return
    this.#holdUntil = until
    this.#queue.pause()
    clearTimeout(this.#resume)
    this.#resume = setTimeout(() => this.#queue.start(), until - Date.now())
    this.#resume.unref?.()
  }
}
