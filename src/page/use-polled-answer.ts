import { useEffect, useRef, useState } from 'preact/hooks'
import type { ApiExchange } from './api-client.js'

/** Then the next beat asks again; longer than the `slow` preset's 10 s. */
const POLLED_REQUEST_TIMEOUT_MS = 15_000

/**
 * The answer of `ask`, asked at once, again when `deps` change, and every
 * `pollMs` while the tab is visible; never while `ask` is undefined. The last
 * answer stays while the next is on its way, so nothing flickers.
 * @note A beat is skipped while a request is under way, so a slow mock is
 * never asked twice at once, and answers land in order.
 */
export function usePolledAnswer(
  ask: ((signal: AbortSignal) => Promise<ApiExchange>) | undefined,
  pollMs: number | undefined,
  deps: readonly unknown[],
): ApiExchange | undefined {
  const [exchange, setExchange] = useState<ApiExchange>()
  const latest = useRef(ask)
  latest.current = ask
  const enabled = ask !== undefined

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    let inFlight = false
    const run = async () => {
      if (inFlight || latest.current === undefined) return
      inFlight = true
      try {
        const answer = await latest.current(
          pollMs === undefined
            ? controller.signal
            : AbortSignal.any([
                controller.signal,
                AbortSignal.timeout(POLLED_REQUEST_TIMEOUT_MS),
              ]),
        )
        if (!controller.signal.aborted) setExchange(answer)
      } catch {
        // Aborted: a newer request replaces this one.
      } finally {
        inFlight = false
      }
    }
    void run()
    const timer =
      pollMs === undefined
        ? undefined
        : setInterval(() => {
            if (!document.hidden) void run()
          }, pollMs)
    return () => {
      controller.abort()
      clearInterval(timer)
    }
  }, [enabled, pollMs, ...deps])
  return exchange
}
