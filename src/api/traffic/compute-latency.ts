import type { Latency } from '../../schema/scenario.js'

/**
 * The cap of a log-normal latency when the scenario gives none.
 */
const DEFAULT_LATENCY_CAP_MS = 30_000

/**
 * Draws one latency in whole milliseconds: fixed, uniform in a range, or
 * log-normal around a median (long-tailed, like real services), capped.
 */
export function computeLatency(latency: Latency, random: () => number): number {
  if (typeof latency === 'number') return Math.round(latency)
  if ('min' in latency) {
    return Math.round(latency.min + random() * (latency.max - latency.min))
  }
  // Box–Muller: a standard normal draw from two uniform ones.
  const u = 1 - random()
  const v = random()
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  const value = latency.median * Math.exp((latency.sigma ?? 0.5) * normal)
  return Math.round(Math.min(value, latency.max ?? DEFAULT_LATENCY_CAP_MS))
}
