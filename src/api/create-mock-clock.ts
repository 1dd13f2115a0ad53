import { bindMethods } from '../data/bind-methods.js'
import { OPTION_RULES } from '../schema/option-rules.js'

/** The clock behind key and asset-URL expiry, rate-limit windows and live data: tests move it instead of sleeping. */
export interface MockClock {
  now(): number
  /** Stops (pauses) the clock at the given time; `advance()` then moves it. */
  set(time: Date | number | string): void
  /** Moves the clock forward by `ms` milliseconds (backward when negative). */
  advance(ms: number): void
  /** `0` while paused (or stopped by `set()`). */
  readonly speed: number
  /** Runs the clock `speed` times as fast as its source (0.01 to 10,000) from the current mock time, or pauses it with `0`: mock time never jumps. */
  setSpeed(speed: number): void
  pause(): void
  /** Runs a paused clock again at the speed it last ran at; a running clock is left as it is. */
  resume(): void
  /** Back to the source's time at speed 1; `setSpeed(1)` instead keeps the mock time. */
  toRealTime(): void
  /** Back to the clock the mock started with: its source, at the options' speed, counted from creation. */
  reset(): void
}

/** Two copies of a mock on the same time source with the same numbers read the same time. */
export interface ClockState {
  anchor: number
  base: number
  lifetimeBase: number
  speed: number
  resumeSpeed: number
}

/** The last instant a `Date` can hold, in epoch milliseconds (ECMA-262 21.4.1.1). */
const MAX_TIME = 8.64e15

/** `created` lets replicas agree on one start, `speed` as the option's schema checked it; the default source reads `Date.now()` on every call, so vitest's fake timers move it too. */
export function createMockClock(
  source: () => number = () => Date.now(),
  speed = 1,
  created = source(),
): MockClockWithLifetime {
  return bindMethods(new MockClockWithLifetime(source, speed, created))
}

// Both times are linear in the source between changes, so mock time never jumps by itself.
export class MockClockWithLifetime implements MockClock {
  readonly #source: () => number
  /** As the mock started: `reset()` goes back to it. */
  readonly #start: ClockState
  #state: ClockState

  constructor(source: () => number, speed: number, created: number) {
    this.#source = source
    this.#start = {
      anchor: created,
      base: created,
      lifetimeBase: created,
      speed,
      resumeSpeed: speed,
    }
    this.#state = { ...this.#start }
  }

  // Clamped to the dates JavaScript can hold: a clock set near their end stops there instead of reading an invalid date.
  now(): number {
    const { base, anchor, speed } = this.#state
    const time = base + (this.#source() - anchor) * speed
    return Math.min(MAX_TIME, Math.max(-MAX_TIME, time))
  }

  /** Time as a person lives it: runs as the mock clock but never faster than its source, so a 900 s lifetime lasts 900 real seconds at `speed: 60`. */
  lifetimeNow(): number {
    const { lifetimeBase, anchor, speed } = this.#state
    return lifetimeBase + (this.#source() - anchor) * Math.min(speed, 1)
  }

  get speed(): number {
    return this.#state.speed
  }

  /** Five numbers that give another copy of the mock the same clock. */
  state(): ClockState {
    return { ...this.#state }
  }

  restore(saved: ClockState): void {
    this.#state = { ...saved }
  }

  set(time: Date | number | string): void {
    const value = typeof time === 'number' ? time : new Date(time).getTime()
    if (!Number.isFinite(value)) {
      throw new TypeError(
        `Cannot set the mock clock to ${JSON.stringify(time)}: expected a Date, epoch milliseconds or an ISO 8601 string.`,
      )
    }
    this.#rebase()
    this.#moveTo(value)
    this.#state.speed = 0
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) {
      throw new TypeError(
        `Cannot advance the mock clock by ${ms}: expected a number of milliseconds.`,
      )
    }
    this.#state.base += ms
    this.#state.lifetimeBase += ms
  }

  setSpeed(speed: number): void {
    if (!isClockSpeed(speed)) {
      const { min, max } = OPTION_RULES.speed
      throw new RangeError(
        `Cannot run the mock clock at speed ${String(speed)}: expected a number from ${min} to ${max} (60 runs an hour of mock time a minute), or 0 to pause it.`,
      )
    }
    this.#run(speed)
  }

  pause(): void {
    this.#run(0)
  }

  resume(): void {
    if (this.#state.speed === 0) this.#run(this.#state.resumeSpeed)
  }

  toRealTime(): void {
    this.#run(1, 1)
    this.#moveTo(this.#state.anchor)
  }

  reset(): void {
    // The clock the mock started with, read at this instant.
    const { speed, anchor: created } = this.#start
    this.#run(speed, speed)
    const at = this.#state.anchor
    this.#moveTo(speed === 1 ? at : created + (at - created) * speed)
  }

  #rebase(): void {
    const state = this.#state
    const at = this.#source()
    state.base += (at - state.anchor) * state.speed
    state.lifetimeBase += (at - state.anchor) * Math.min(state.speed, 1)
    state.anchor = at
  }

  /** Expects a `#rebase()` first. */
  #moveTo(target: number): void {
    this.#state.lifetimeBase += target - this.#state.base
    this.#state.base = target
  }

  #run(
    speed: number,
    resumeSpeed = speed > 0 ? speed : this.#state.resumeSpeed,
  ) {
    this.#rebase()
    this.#state.speed = speed
    this.#state.resumeSpeed = resumeSpeed
  }
}

/** Whether the clock takes `speed`: the range of the `speed` option, or 0 (paused). */
export function isClockSpeed(speed: unknown): speed is number {
  const { min, max } = OPTION_RULES.speed
  return (
    typeof speed === 'number' && (speed === 0 || (speed >= min && speed <= max))
  )
}

/**
 * What `GET /__mock/clock` answers: the mock's time (ISO 8601, UTC) and how
 * many times as fast as real time it runs (0 while paused).
 */
export function describeClock(clock: MockClock) {
  return { now: new Date(clock.now()).toISOString(), speed: clock.speed }
}
