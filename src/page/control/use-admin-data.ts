import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import type { AdminAccess } from './use-admin-access.js'
import { usePolling } from './use-polling.js'

/**
 * What a control API read gave: the last exchange (to show a failure as
 * received) and its body when it succeeded.
 */
interface AdminData<T> {
  exchange?: ApiExchange
  data?: T
}

/**
 * Reads `path` of the control API while the panel is unlocked: at once,
 * again when `deps` change (e.g. after an action, or a filter), and every
 * `intervalMs` if given. A failed read keeps the last good `data`.
 */
export function useAdminData<T>(
  admin: AdminAccess,
  path: string,
  intervalMs: number | undefined,
  deps: readonly unknown[],
): AdminData<T> {
  const [state, setState] = useState<AdminData<T>>({})
  usePolling(
    async (signal) => {
      const exchange = await admin.call(path, { signal })
      const ok = exchange.status >= 200 && exchange.status < 300
      setState((previous) => ({
        exchange,
        data: ok ? (exchange.body as T) : previous.data,
      }))
    },
    intervalMs,
    admin.unlocked,
    [path, ...deps],
  )
  return state
}
