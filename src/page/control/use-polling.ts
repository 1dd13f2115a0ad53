import { useEffect, useRef } from 'preact/hooks'

/** How often the panel reads the journal, scenarios and clock again. */
export const POLL_INTERVAL_MS = 2000

/**
 * Runs `load` at once, when `deps` change, and every `intervalMs` while
 * `enabled`; the next run aborts a waiting one, so answers land in order.
 * @note Polling: the control API has no stream, and a read every 2 s is cheap.
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
