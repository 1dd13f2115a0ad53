import type { RecordRandomSource } from './record-randomizer.js'

/** What every record builder of one `createSeedDocument` run shares. */
export interface SeedContext extends RecordRandomSource {
  /** The reference date, in whole seconds since the epoch. */
  now: number
  year: number
}

/** One minute, in seconds: the unit of every time in the seed. */
export const MINUTE = 60
/** One hour, in seconds. */
export const HOUR = 60 * MINUTE
/** One day, in seconds. */
export const DAY = 24 * HOUR

/** Seconds since the epoch as an ISO 8601 timestamp. */
export function toTimestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}
