import { useEffect, useState } from 'preact/hooks'

type ClockMotion = 'running' | 'paused' | 'unknown'

/** A `GET /__mock/clock` answer and when it arrived. */
export interface ClockReading {
  now: string
  /** 0 while paused. */
  speed?: number
  at: number
}

export interface TickingClock {
  now?: number
  speed?: number
  motion: ClockMotion
}

/** A clock that ticks every second between readings, at their speed. */
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
