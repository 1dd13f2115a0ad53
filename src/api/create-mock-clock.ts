/**
 * The clock behind everything time-based in a mock: key expiry, asset URL
 * expiry, rate-limit windows. Tests move it instead of sleeping.
 */
export interface MockClock {
  /** The current time in epoch milliseconds. */
  now(): number
  /** Stops the clock at the given time; `advance()` then moves it. */
  set(time: Date | number | string): void
  /** Moves the clock forward by `ms` milliseconds (backward when negative). */
  advance(ms: number): void
  /** Back to the time source: no offset, not stopped. */
  reset(): void
}

/**
 * Creates a clock over a time source, running `speed` times as fast as it
 * (from the time of creation on). The default source reads `Date.now()` on
 * every call, so vitest's fake timers move it too.
 * @example
 * const clock = createMockClock()
 * clock.set('2025-01-01T00:00:00Z')
 * clock.advance(61_000)
 * new Date(clock.now()).toISOString() // '2025-01-01T00:01:01.000Z'
 */
export function createMockClock(
  source: () => number = () => Date.now(),
  speed = 1,
): MockClock {
  if (speed !== 1) source = runFaster(source, speed)
  let stoppedAt: number | undefined
  let offset = 0
  return {
    now: () => stoppedAt ?? source() + offset,
    set(time) {
      const value = typeof time === 'number' ? time : new Date(time).getTime()
      if (!Number.isFinite(value)) {
        throw new TypeError(
          `Cannot set the mock clock to ${JSON.stringify(time)}: expected a Date, epoch milliseconds or an ISO 8601 string.`,
        )
      }
      stoppedAt = value
    },
    advance(ms) {
      if (!Number.isFinite(ms)) {
        throw new TypeError(
          `Cannot advance the mock clock by ${ms}: expected a number of milliseconds.`,
        )
      }
      if (stoppedAt !== undefined) stoppedAt += ms
      else offset += ms
    },
    reset() {
      stoppedAt = undefined
      offset = 0
    },
  }
}

/**
 * A source that starts where `source` is now and runs `speed` times as fast.
 * @note Counted from the clock's creation, so sped-up replicas agree only
 * when started together; at speed 1 every replica reads the same time.
 */
function runFaster(source: () => number, speed: number): () => number {
  const start = source()
  return () => start + (source() - start) * speed
}
