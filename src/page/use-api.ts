import { useEffect, useRef, useState } from 'preact/hooks'
import {
  callApi,
  type ApiExchange,
  type ApiRequestOptions,
} from './api-client.js'

/** Then the next beat asks again; longer than the `slow` preset's 10 s. */
const POLLED_REQUEST_TIMEOUT_MS = 15_000

/**
 * A GET for a panel when `url` is set, again when its inputs change, and
 * every `pollMs` while the tab is visible. The last answer stays while the
 * next is on its way, so nothing flickers.
 * @note A beat is skipped while a request is under way, so a slow mock is
 * never asked twice at once.
 */
export function useApi(
  url: string | undefined,
  options: Pick<ApiRequestOptions, 'apiKey' | 'adminToken'> & {
    pollMs?: number
    refresh?: unknown
  } = {},
): ApiExchange | undefined {
  const [exchange, setExchange] = useState<ApiExchange>()
  const inFlight = useRef(false)
  const { apiKey, adminToken, pollMs, refresh } = options

  useEffect(() => {
    if (url === undefined) return
    const controller = new AbortController()
    const run = async () => {
      if (inFlight.current) return
      inFlight.current = true
      try {
        const answer = await callApi(url, {
          apiKey,
          adminToken,
          signal:
            pollMs === undefined
              ? controller.signal
              : AbortSignal.any([
                  controller.signal,
                  AbortSignal.timeout(POLLED_REQUEST_TIMEOUT_MS),
                ]),
        })
        if (!controller.signal.aborted) setExchange(answer)
      } catch {
        // Aborted: a newer request replaces this one.
      } finally {
        inFlight.current = false
      }
    }
    inFlight.current = false
    void run()
    const timer =
      pollMs === undefined
        ? undefined
        : setInterval(() => {
            if (!document.hidden) void run()
          }, pollMs)
    return () => {
      controller.abort()
      if (timer !== undefined) clearInterval(timer)
    }
  }, [url, apiKey, adminToken, pollMs, refresh])
  return exchange
}
