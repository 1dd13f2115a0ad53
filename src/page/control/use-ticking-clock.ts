import { useEffect, useMemo, useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { clockNow, readClock } from '../clock-reading.js'

export type TickingClock = ReturnType<typeof useTickingClock>

/** A clock that ticks every second between readings, at their speed. */
export function useTickingClock(answer: ApiExchange | undefined) {
  const reading = useMemo(() => readClock(answer), [answer])
  const [, setTick] = useState(0)
  const speed = reading?.speed
  const running = speed !== undefined && speed > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000)
    return () => clearInterval(timer)
  }, [running, reading])

  if (reading === undefined) return { motion: 'unknown' } as const
  if (speed === undefined)
    return { now: reading.now, motion: 'unknown' } as const
  return {
    now: clockNow(reading),
    speed,
    motion: running ? 'running' : 'paused',
  } as const
}
