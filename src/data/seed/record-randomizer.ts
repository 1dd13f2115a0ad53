import type { Faker, Randomizer } from '@faker-js/faker'
import { createSfc32 } from '../../random/create-sfc32.js'
import { mix32, unmix32 } from '../../random/mix-seeds.js'
import { flatString } from './flat-string.js'

/**
 * Each record kind draws from its own stream, `[seed, kind, index]`.
 * @note Never renumber these: that would change every existing dataset.
 */
export const RECORD_KIND = {
  project: 1,
  content: 2,
  publish: 3,
  catalog: 4,
  liveSchedule: 5,
  liveContent: 6,
  livePublish: 7,
  projectId: 101,
  variationId: 102,
  movieId: 103,
  /** Live content IDs of project p: kind `liveIds + 2p` (variation), `+ 1` (movie). */
  liveIds: 1000,
} as const

/** A faker over `createRecordRandomizer`, and the seed its streams derive from. */
export interface RecordRandomSource {
  faker: Faker
  /** The randomizer `faker` draws from, for `drawInt`. */
  randomizer: Randomizer
  seedWords: readonly [number, number]
}

/** Decimal digits. */
export const DIGITS = '0123456789'
/** Decimal digits without zero, for a number's first digit. */
export const NONZERO_DIGITS = '123456789'
/** Lower-case hexadecimal digits. */
export const HEX_DIGITS = '0123456789abcdef'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** The URL-safe base64 alphabet. */
export const BASE64URL = `${BASE62}-_`

/**
 * A public ID: the prefix and 12 base62 characters. The first 6 come from the
 * record's stream; the last 6 encode a seed-keyed permutation of the index,
 * each digit shifted by the random character above it. Both halves can be
 * read back from the ID, so IDs of one kind are unique by construction,
 * without a lookup of the others.
 */
export function createPublicId(
  source: RecordRandomSource,
  prefix: string,
  kind: number,
  index: number,
): string {
  const [low, high] = source.seedWords
  const key = mix32(mix32(mix32(low ^ 0x5bd1e995) ^ high) ^ kind)
  // (index + key) mod 2^32 and mix32 are both bijections on 32-bit words.
  let value = mix32((index + key) >>> 0)
  // Character codes made a string once: appending would leave a string per character.
  const codes = new Array<number>(12)
  for (let position = 0; position < 6; position++) {
    const shift = drawInt(source.randomizer, 61)
    codes[position] = BASE62.charCodeAt(shift)
    codes[position + 6] = BASE62.charCodeAt(((value % 62) + shift) % 62)
    value = Math.floor(value / 62)
  }
  return flatString(prefix + String.fromCharCode(...codes))
}

/**
 * The index a public ID of `kind` was made from by {@link createPublicId},
 * read back from its last six characters; `undefined` when it cannot be one.
 * Only the index: the caller makes the ID of that index again to be sure.
 */
export function readPublicIdIndex(
  source: RecordRandomSource,
  prefix: string,
  kind: number,
  id: string,
): number | undefined {
  if (id.length !== prefix.length + 12 || !id.startsWith(prefix)) {
    return undefined
  }
  const [low, high] = source.seedWords
  const key = mix32(mix32(mix32(low ^ 0x5bd1e995) ^ high) ^ kind)
  let value = 0
  for (let position = 5; position >= 0; position--) {
    const shift = BASE62.indexOf(id[prefix.length + position]!)
    const shifted = BASE62.indexOf(id[prefix.length + position + 6]!)
    if (shift < 0 || shifted < 0) return undefined
    value = value * 62 + ((shifted - shift + 62) % 62)
  }
  if (value > 0xffffffff) return undefined
  return (unmix32(value) - key) >>> 0
}

/** `length` characters of `alphabet`, drawn from the record's stream. */
export function randomString(
  randomizer: Randomizer,
  alphabet: string,
  length: number,
): string {
  const codes = new Array<number>(length)
  for (let position = 0; position < length; position++) {
    codes[position] = alphabet.charCodeAt(
      drawInt(randomizer, alphabet.length - 1),
    )
  }
  return String.fromCharCode(...codes)
}

/**
 * A whole number from 0 to `max` (a whole number too), the same draw from
 * `randomizer` as `faker.number.int(max)` of a faker over it.
 * For the draws made by the dozen per record (IDs, post URLs), without faker's
 * option handling on each call. Like faker, `max` 0 gives 0 without drawing;
 * a test holds it to faker.
 */
export function drawInt(randomizer: Randomizer, max: number): number {
  return max === 0 ? 0 : Math.floor(randomizer.next() * (max + 1))
}

/** Points the source's faker at the stream of record `index` of `kind`. */
export function reseed(
  source: RecordRandomSource,
  kind: number,
  index: number,
): void {
  const [low, high] = source.seedWords
  source.faker.seed([low, high, kind, index])
}

/**
 * The randomizer faker draws from: sfc32, as the seed reseeds once per record
 * and reseeding faker's own Mersenne Twister would cost more than the record.
 * Numbers have 53 random bits, as faker's own.
 */
export function createRecordRandomizer(): Randomizer {
  const sfc = createSfc32()
  return {
    next: () =>
      ((sfc.next32() >>> 5) * 67108864 + (sfc.next32() >>> 6)) /
      9007199254740992,
    seed: (seed) => sfc.seed(typeof seed === 'number' ? [seed] : seed),
  }
}

/** A safe-integer seed as its low and high 32-bit words. */
export function splitSeed(seed: number): [number, number] {
  return [seed >>> 0, Math.floor(seed / 4294967296) | 0]
}
