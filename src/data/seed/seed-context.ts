import type { Faker } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import { ENGLISH_WORDS } from './english-words.generated.js'
import { flatString } from './flat-string.js'
import {
  createRecordRandomizer,
  splitSeed,
  type RecordRandomSource,
} from './record-randomizer.js'

export interface SeedContext extends RecordRandomSource {
  /** The reference date, in whole seconds since the epoch. */
  now: number
  year: number
}

/** In seconds: the unit of every time in the seed. */
export const MINUTE = 60
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

const DAY_CACHE_LIMIT = 4096
// From here on toISOString writes six-digit years (`+010000-01-01T…`).
const YEAR_10000 = 253_402_300_800
const dates = new Map<number, string>()
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) =>
  String(n).padStart(2, '0'),
)

/**
 * Exactly as `new Date(seconds * 1000).toISOString()` writes it, but with the date part made once per day and the
 * time of day from a table: a large seed writes several timestamps per content.
 */
export function toTimestamp(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds >= YEAR_10000) {
    return new Date(seconds * 1000).toISOString()
  }
  const day = Math.floor(seconds / DAY)
  let date = dates.get(day)
  if (date === undefined) {
    date = new Date(day * DAY * 1000).toISOString().slice(0, 11)
    if (dates.size >= DAY_CACHE_LIMIT) dates.clear()
    dates.set(day, date)
  }
  const time = seconds - day * DAY
  const hours = Math.floor(time / HOUR)
  const minutes = Math.floor((time % HOUR) / MINUTE)
  return flatString(
    `${date}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[time % MINUTE]}.000Z`,
  )
}

/**
 * @note faker's package root evaluates every locale; `locale/base` loads the class and the base definitions only.
 * The English words the seed draws are copied by scripts/generate-english-words.js.
 */
const BaseFaker = baseFaker.constructor as typeof Faker

export function createSeedContext(seed: number, nowMs: number): SeedContext {
  const randomizer = createRecordRandomizer()
  const context: SeedContext = {
    faker: new BaseFaker({
      locale: [ENGLISH_WORDS, baseFaker.rawDefinitions],
      randomizer,
    }),
    randomizer,
    seedWords: splitSeed(seed),
    now: Math.floor(nowMs / 1000),
    year: new Date(nowMs).getUTCFullYear(),
  }
  // No record uses faker's date helpers; pinning their "now" keeps a future field from reading the clock.
  context.faker.setDefaultRefDate(new Date(nowMs))
  return context
}
