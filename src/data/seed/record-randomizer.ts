import type { Faker, Randomizer } from '@faker-js/faker'
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
  // @note Written as character codes and made a string once: two IDs per
  // content, and adding a character at a time made 24 strings for each.
  const codes = new Array<number>(12)
  for (let position = 0; position < 6; position++) {
    const shift = drawInt(source.randomizer, 61)
    codes[position] = BASE62.charCodeAt(shift)
    codes[position + 6] = BASE62.charCodeAt(((value % 62) + shift) % 62)
    value = Math.floor(value / 62)
  }
  return flatString(prefix + String.fromCharCode(...codes))
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
 * @note For the draws made by the dozen per record (IDs, post URLs): faker's
 * `int` reads its options and checks them on each call, a quarter of the
 * seed's garbage (1 KB a content) and of its time in faker at 100k contents.
 * Like faker, `max` 0 gives 0 without drawing. A test holds it to faker.
 * @example
 * const shift = drawInt(context.randomizer, 61)
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
 * A small-state PRNG (sfc32) that faker draws from. Reseeding is O(1), where
 * faker's Mersenne Twister takes about 30 µs, which at one reseed per record
 * would dominate the time to build 100,000 contents.
 */
export function createRecordRandomizer(): Randomizer {
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  return {
    next: () =>
      ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992,
    seed: (seed) => {
      a = 0x243f6a88
      b = 0x85a308d3
      c = 0x13198a2e
      d = 1
      for (const value of typeof seed === 'number' ? [seed] : seed) {
        const low = value >>> 0
        const high = Math.floor(value / 4294967296) | 0
        a = mix32(mix32(a ^ high) ^ low)
        b = mix32(mix32(b ^ low) ^ high)
        c = mix32(mix32(c ^ high) ^ low ^ 0x9e3779b9)
      }
      for (let round = 0; round < 12; round++) next32()
    },
  }
}

/** The murmur3 finalizer: a bijection on 32-bit words with full avalanche. */
function mix32(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/** A safe-integer seed as its low and high 32-bit words. */
export function splitSeed(seed: number): [number, number] {
  return [seed >>> 0, Math.floor(seed / 4294967296) | 0]
}
