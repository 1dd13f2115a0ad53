import type { Response } from 'express'

// Large uploads read at once: two threads a small machine can give without
// starving the API; each waiting one costs a socket.
export const UPLOAD_LIMITS = { reading: 2, waiting: 8 } as const

/**
 * `enter` gives a turn now, later, or `undefined` when the waiting places are
 * taken too; a waiting upload whose response closes leaves the queue.
 */
export class UploadGate {
  #reading = 0
  readonly #waiting: Array<() => void> = []

  enter(response: Response): Promise<() => void> | undefined {
    if (this.#reading < UPLOAD_LIMITS.reading) {
      this.#reading++
      return Promise.resolve(this.#leaver())
    }
    if (this.#waiting.length >= UPLOAD_LIMITS.waiting) return undefined
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
