import { useRef } from 'preact/hooks'
import { isSuccess } from '../api-client.js'
import { usePolledAnswer } from '../use-polled-answer.js'
import type { AdminAccess } from './use-admin-access.js'

/** How often the panel reads the journal, scenarios and clock again. */
export const POLL_INTERVAL_MS = 2000

/**
 * Reads `path` while unlocked: now, at each revision, every `pollMs`; the
 * last exchange (a failure shown as received) and the last good body.
 * @note Polling: the control API has no stream, and a read every 2 s is cheap.
 */
export function useAdminData<T>(
  part: { admin: AdminAccess; revision?: number },
  path: string,
  pollMs?: number,
) {
  const { admin } = part
  const exchange = usePolledAnswer(
    admin.unlocked ? (signal) => admin.call(path, { signal }) : undefined,
    pollMs,
    [path, part.revision],
  )
  const data = useRef<T>()
  if (isSuccess(exchange)) data.current = exchange?.body as T
  return { exchange, data: data.current }
}
