import { useEffect, useState } from 'preact/hooks'

/** Whether the mock clock runs, as its reading says. */
type ClockMotion = 'running' | 'paused' | 'unknown'

/** A `GET /__mock/clock` answer and when it arrived (`Date.now()`). */
export interface ClockReading {
  now: string
  /** How many times as fast as real time it runs; 0 while paused. */
  speed?: number
  at: number
}

/** The mock clock as the panel shows it. */
export interface TickingClock {
  /** The mock's time now, epoch milliseconds; undefined before a reading. */
  now?: number
  /** Its speed, from the reading; undefined when it did not say. */
  speed?: number
  motion: ClockMotion
}

/**
 * Turns readings of `GET /__mock/clock` into a clock that ticks every second
 * between them, at the speed the reading gives.
 */
export function useTickingClock(
  reading: ClockReading | undefined,
): TickingClock {
  const [, setTick] = useState(0)
  const speed = reading?.speed
  const running = speed !== undefined && speed > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000)
    return () => clearInterval(timer)
  }, [running, reading])

  if (reading === undefined) return { motion: 'unknown' }
  const mock = Date.parse(reading.now)
  if (speed === undefined) return { now: mock, motion: 'unknown' }
  return {
    now: running ? mock + (Date.now() - reading.at) * speed : mock,
    speed,
    motion: running ? 'running' : 'paused',
  }
}
