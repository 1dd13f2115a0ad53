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

export interface RecordRandomSource {
  faker: Faker
  /** The one `faker` draws from, for `drawInt`. */
  randomizer: Randomizer
  seedWords: readonly [number, number]
}

export const DIGITS = '0123456789'
export const NONZERO_DIGITS = '123456789'
export const HEX_DIGITS = '0123456789abcdef'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const BASE64URL = `${BASE62}-_`

/**
 * The prefix and 12 base62 characters: 6 from the record's stream, 6 a seed-keyed permutation of the index shifted
 * by them. Both halves can be read back, so IDs of one kind are unique by construction, without a lookup.
 */
export function createPublicId(
  source: RecordRandomSource,
  prefix: string,
  kind: number,
  index: number,
): string {
  // (index + key) mod 2^32 and mix32 are both bijections on 32-bit words.
  let value = mix32((index + idKey(source, kind)) >>> 0)
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

/** Only the index: the caller makes the ID of that index again to be sure. */
export function readPublicIdIndex(
  source: RecordRandomSource,
  prefix: string,
  kind: number,
  id: string,
): number | undefined {
  if (id.length !== prefix.length + 12 || !id.startsWith(prefix)) {
    return undefined
  }
  let value = 0
  for (let position = 5; position >= 0; position--) {
    const shift = BASE62.indexOf(id[prefix.length + position]!)
    const shifted = BASE62.indexOf(id[prefix.length + position + 6]!)
    if (shift < 0 || shifted < 0) return undefined
    value = value * 62 + ((shifted - shift + 62) % 62)
  }
  if (value > 0xffffffff) return undefined
  return (unmix32(value) - idKey(source, kind)) >>> 0
}

function idKey(source: RecordRandomSource, kind: number): number {
  const [low, high] = source.seedWords
  return mix32(mix32(mix32(low ^ 0x5bd1e995) ^ high) ^ kind)
}

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
 * The same draw as `faker.number.int(max)` (a test holds it to faker), without faker's option handling on each of
 * the dozen draws per record.
 */
export function drawInt(randomizer: Randomizer, max: number): number {
  return max === 0 ? 0 : Math.floor(randomizer.next() * (max + 1))
}

export function reseed(
  source: RecordRandomSource,
  kind: number,
  index: number,
): void {
  source.faker.seed([...source.seedWords, kind, index])
}

/** sfc32: reseeding faker's Mersenne Twister once per record would cost more than the record. 53 bits, as faker's. */
export function createRecordRandomizer(): Randomizer {
  const sfc = createSfc32()
  return {
    next: () =>
      ((sfc.next32() >>> 5) * 67108864 + (sfc.next32() >>> 6)) /
      9007199254740992,
    seed: (seed) => sfc.seed(typeof seed === 'number' ? [seed] : seed),
  }
}

export function splitSeed(seed: number): [number, number] {
  return [seed >>> 0, Math.floor(seed / 4294967296) | 0]
}
