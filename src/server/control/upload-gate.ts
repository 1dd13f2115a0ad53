import type { Response } from 'express'

/**
 * How many large control uploads (`PUT /__mock/fixtures` over 1 MiB, or
 * chunked) a server reads and parses at once, and how many more wait for a
 * turn without a byte of theirs read; one past both is refused with 503.
 * @note Two, for the two threads a small machine gives parsing without
 * starving the API; the waiting ones cost a socket each, and what the
 * kernel holds of their bodies.
 */
export const UPLOAD_LIMITS = { reading: 2, waiting: 8 } as const

/**
 * Lets a bounded number of uploads be read at once: `enter` gives a turn at
 * once, or once one ends for an upload that may wait, or `undefined` when
 * the waiting places are taken too. A turn ends with the function it
 * resolves to, or when the response of an upload still waiting closes
 * (its client left, or a timeout ended it).
 */
export class UploadGate {
  readonly limits: { reading: number; waiting: number }
  #reading = 0
  readonly #waiting: Array<() => void> = []

  constructor(limits: { reading: number; waiting: number }) {
    this.limits = limits
  }

  enter(response: Response): Promise<() => void> | undefined {
    if (this.#reading < this.limits.reading) {
      this.#reading++
      return Promise.resolve(this.#leaver())
    }
    if (this.#waiting.length >= this.limits.waiting) return undefined
    return new Promise((resolve) => {
      const admit = () => {
        response.off('close', forget)
        resolve(this.#leaver())
      }
      const forget = () => {
        const at = this.#waiting.indexOf(admit)
        if (at !== -1) this.#waiting.splice(at, 1)
      }
      this.#waiting.push(admit)
      response.once('close', forget)
    })
  }

  /** Ends a turn once, handing it to the first upload waiting. */
  #leaver(): () => void {
    let left = false
    return () => {
      if (left) return
      left = true
      const next = this.#waiting.shift()
      if (next === undefined) this.#reading--
      else next()
    }
  }
}
