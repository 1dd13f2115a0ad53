import { useState } from 'preact/hooks'
import { isSuccess, type ApiExchange } from '../api-client.js'
import type { AdminAccess } from './use-admin-access.js'
import { usePolling } from './use-polling.js'

/** The last exchange (a failure shown as received), the last good body. */
interface AdminData<T> {
  exchange?: ApiExchange
  data?: T
}

/** Reads `path` while unlocked: now, at each revision, every `pollMs`. */
export function useAdminData<T>(
  part: { admin: AdminAccess; revision?: number },
  path: string,
  pollMs?: number,
): AdminData<T> {
  const { admin } = part
  const [state, setState] = useState<AdminData<T>>({})
  usePolling(
    async (signal) => {
      const exchange = await admin.call(path, { signal })
      setState((previous) => ({
        exchange,
        data: isSuccess(exchange) ? (exchange.body as T) : previous.data,
      }))
    },
    pollMs,
    admin.unlocked,
    [path, part.revision],
  )
  return state
}
