import { useEffect, useRef, useState } from 'preact/hooks'

/** Whether the mock clock runs, as two readings tell. */
export type ClockMotion = 'running' | 'stopped' | 'unknown'

/** The mock clock as the panel shows it. */
export interface TickingClock {
  /** The mock's time now, epoch milliseconds; undefined before a reading. */
  now?: number
  motion: ClockMotion
}

/** Readings closer than this in real time tell nothing about motion. */
const MIN_GAP_MS = 500
/** How far a running clock may drift from real time between readings. */
const TOLERANCE_MS = 1000

/**
 * Turns readings of `GET /__mock/clock` into a clock that ticks every second
 * between them while it runs at real speed.
 * @note The control API says what time it is, not whether the clock runs;
 * two readings tell: no move means stopped (`set` stops it), a move as long
 * as the real time between means running, anything else (an advance, or
 * `--speed`) leaves what was known, and the panel shows each reading as it
 * comes without ticking.
 * @example
 * const clock = useTickingClock(reading) // reading: { now: '…', at: Date.now() }
 */
export function useTickingClock(
  reading: { now: string; at: number } | undefined,
): TickingClock {
  const previous = useRef<{ mock: number; at: number }>()
  const [state, setState] = useState<{
    mock: number
    at: number
    motion: ClockMotion
  }>()
  const [, setTick] = useState(0)

  useEffect(() => {
    if (reading === undefined) return
    const mock = Date.parse(reading.now)
    const before = previous.current
    setState((known) => ({
      mock,
      at: reading.at,
      motion: motionBetween(before, { mock, at: reading.at }, known?.motion),
    }))
    previous.current = { mock, at: reading.at }
  }, [reading])

  const running = state?.motion === 'running'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000)
    return () => clearInterval(timer)
  }, [running])

  if (state === undefined) return { motion: 'unknown' }
  return {
    now: running ? state.mock + (Date.now() - state.at) : state.mock,
    motion: state.motion,
  }
}

function motionBetween(
  before: { mock: number; at: number } | undefined,
  after: { mock: number; at: number },
  known: ClockMotion = 'unknown',
): ClockMotion {
  if (before === undefined) return 'unknown'
  const real = after.at - before.at
  const moved = after.mock - before.mock
  if (moved === 0) return real >= MIN_GAP_MS ? 'stopped' : known
  if (real >= MIN_GAP_MS && Math.abs(moved - real) <= TOLERANCE_MS) {
    return 'running'
  }
  return known
}
