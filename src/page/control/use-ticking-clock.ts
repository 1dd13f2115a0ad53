import { useEffect, useRef, useState } from 'preact/hooks'

/** The mock clock as the panel shows it. */
export interface TickingClock {
  /** The mock's time now, epoch milliseconds; undefined before a reading. */
  now?: number
  /** Whether the clock stood still between the last two readings. */
  stopped: boolean
}

/**
 * Turns readings of `GET /__mock/clock` into a clock that ticks every second
 * between them: the offset from this machine's time is kept, and a clock
 * that did not move between two readings (`set` stops it) stops ticking.
 * @note The control API says what time it is, not whether the clock runs;
 * two readings tell.
 * @example
 * const clock = useTickingClock(reading) // reading: { now: '…', at: Date.now() }
 */
export function useTickingClock(
  reading: { now: string; at: number } | undefined,
): TickingClock {
  const previous = useRef<{ mock: number; at: number }>()
  const [state, setState] = useState<{
    offset: number
    stopped: boolean
    mock: number
  }>()
  const [, setTick] = useState(0)

  useEffect(() => {
    if (reading === undefined) return
    const mock = Date.parse(reading.now)
    const before = previous.current
    // @note Stopped: the reading did not move although real time did.
    const stopped =
      before !== undefined && reading.at - before.at >= 500
        ? mock === before.mock
        : (state?.stopped ?? false) && mock === before?.mock
    previous.current = { mock, at: reading.at }
    setState({ offset: mock - reading.at, stopped, mock })
  }, [reading])

  useEffect(() => {
    if (state === undefined || state.stopped) return
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000)
    return () => clearInterval(timer)
  }, [state])

  if (state === undefined) return { stopped: false }
  return {
    now: state.stopped ? state.mock : Date.now() + state.offset,
    stopped: state.stopped,
  }
}
