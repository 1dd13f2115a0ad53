import type { ApiExchange } from './api-client.js'

/**
 * A `GET /__mock/clock` answer, in ms, and when it arrived; `speed` is 0
 * while paused.
 */
export function readClock(exchange: ApiExchange | undefined) {
  const body = exchange?.body as { now?: unknown; speed?: unknown } | undefined
  const now = typeof body?.now === 'string' ? Date.parse(body.now) : NaN
  if (Number.isNaN(now)) return undefined
  const speed = typeof body?.speed === 'number' ? body.speed : undefined
  return { now, speed, at: Date.now() }
}

/** A clock answer that could be read. */
type ClockReading = NonNullable<ReturnType<typeof readClock>>

/** The mock's time now: the reading ticked on at its speed (1 if unknown). */
export function clockNow(reading: ClockReading): number {
  return reading.now + (Date.now() - reading.at) * (reading.speed ?? 1)
}
