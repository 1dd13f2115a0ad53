import { useMemo } from 'preact/hooks'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { POLL_INTERVAL_MS } from './use-polling.js'
import type { ClockReading } from './use-ticking-clock.js'

/**
 * The mock clock as `GET /__mock/clock` last answered, read every
 * {@link POLL_INTERVAL_MS} and at each revision.
 * @note One reading per answer, stamped with when it arrived, so the panel
 * ticks from there at the clock's speed.
 */
export function useClockReading(
  admin: AdminAccess,
  revision: number,
): ClockReading | undefined {
  const clock = useAdminData<{ now: string; speed?: number }>(
    admin,
    '/clock',
    POLL_INTERVAL_MS,
    [revision],
  )
  return useMemo(() => {
    const body = clock.exchange?.body as
      { now?: unknown; speed?: unknown } | undefined
    const now = body?.now
    if (typeof now !== 'string') return undefined
    const speed = typeof body?.speed === 'number' ? body.speed : undefined
    return { now, speed, at: Date.now() }
  }, [clock.exchange])
}
