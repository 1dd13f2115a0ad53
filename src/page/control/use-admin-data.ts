import { useState } from 'preact/hooks'
import { isSuccess, type ApiExchange } from '../api-client.js'
import type { AdminAccess } from './use-admin-access.js'
import { usePolling } from './use-polling.js'

/** The last exchange (a failure shown as received), the last good body. */
interface AdminData<T> {
  exchange?: ApiExchange
  data?: T
}

/** Reads `path` while unlocked: now, when `deps` change, every `intervalMs`. */
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
      setState((previous) => ({
        exchange,
        data: isSuccess(exchange) ? (exchange.body as T) : previous.data,
      }))
    },
    intervalMs,
    admin.unlocked,
    [path, ...deps],
  )
  return state
}
