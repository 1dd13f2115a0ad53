import {
  BASE64URL,
  DIGITS,
  HEX_DIGITS,
  NONZERO_DIGITS,
  randomString,
  type RecordRandomSource,
} from './record-randomizer.js'
import type { SeedAccount } from './seed-accounts.js'
import { flatString } from './flat-string.js'

/**
 * The platforms a content is published to. Each has its own URL shape.
 * @note The spec names no platforms; these are the mock's choice.
 */
export const PLATFORMS = [
  'youtube',
  'instagram',
  'tiktok',
  'x',
  'facebook',
  'medium',
] as const
/** One of `PLATFORMS`. */
type Platform = (typeof PLATFORMS)[number]

/** How many platforms a complete content is published to, by weight. */
export const PUBLISH_COUNT_WEIGHTS = [
  { weight: 15, value: 0 },
  { weight: 30, value: 1 },
  { weight: 30, value: 2 },
  { weight: 15, value: 3 },
  { weight: 10, value: 4 },
]

/** The last character of a YouTube video ID carries only 4 bits. */
const YOUTUBE_LAST_CHARACTERS = 'AEIMQUYcgkosw048'

/** A post URL of the shape `platform` uses, drawn from the record's stream. */
export function createPostUrl(
  source: RecordRandomSource,
  platform: Platform,
  owner: SeedAccount,
  title: string,
): string {
  return flatString(writePostUrl(source, platform, owner, title))
}

function writePostUrl(
  { faker, randomizer }: RecordRandomSource,
  platform: Platform,
  owner: SeedAccount,
  title: string,
): string {
  switch (platform) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${randomString(randomizer, BASE64URL, 10)}${randomString(randomizer, YOUTUBE_LAST_CHARACTERS, 1)}`
    case 'instagram':
      return `https://www.instagram.com/reel/${randomString(randomizer, BASE64URL, 11)}/`
    case 'tiktok':
      return `https://www.tiktok.com/@${owner.handle}/video/7${randomString(randomizer, DIGITS, 18)}`
    case 'x':
      return `https://x.com/${owner.handle}/status/1${randomString(randomizer, DIGITS, 18)}`
    case 'facebook':
      return `https://www.facebook.com/${owner.page}/videos/${randomString(randomizer, NONZERO_DIGITS, 1)}${randomString(randomizer, DIGITS, faker.number.int({ min: 14, max: 15 }))}`
    case 'medium':
      return `https://medium.com/@${owner.handle}/${slugify(title)}-${randomString(randomizer, HEX_DIGITS, 12)}`
  }
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
