import { useEffect, useRef } from 'preact/hooks'

/**
 * How often the control panel reads the journal, the scenarios' counters and
 * the clock again, in milliseconds. The panel says so next to the journal.
 */
export const POLL_INTERVAL_MS = 2000

/**
 * Runs `load` at once, whenever `deps` change, and every `intervalMs` while
 * `enabled`; a run still waiting for its answer is aborted by the next one
 * and on unmount, so an answer never lands after a newer one.
 * @note Polling, not server-sent events: the control API has no stream, and
 * a read every 2 s of a journal of at most `--journal-size` entries is cheap.
 */
export function usePolling(
  load: (signal: AbortSignal) => Promise<void>,
  intervalMs: number | undefined,
  enabled: boolean,
  deps: readonly unknown[],
): void {
  const latest = useRef(load)
  latest.current = load
  useEffect(() => {
    if (!enabled) return
    let controller: AbortController | undefined
    const run = () => {
      controller?.abort()
      controller = new AbortController()
      latest.current(controller.signal).catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') throw error
      })
    }
    run()
    const timer =
      intervalMs === undefined ? undefined : setInterval(run, intervalMs)
    return () => {
      clearInterval(timer)
      controller?.abort()
    }
  }, [enabled, intervalMs, ...deps])
}
