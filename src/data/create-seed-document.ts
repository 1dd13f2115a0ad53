import { Faker, base, en, type Randomizer } from '@faker-js/faker'
import type {
  FixtureAccount,
  FixtureApiKey,
  FixtureContent,
  FixtureDocument,
  FixtureProject,
} from '../schema/fixture.js'
import { MOVIEMODE, type PublishResult } from '../schema/resources.js'
import {
  BETA_API_KEY,
  DEFAULT_API_KEY,
  DEFAULT_SEED,
  EXPIRED_API_KEY,
  REVOKED_API_KEY,
} from './default-keys.js'

/**
 * Options of `createSeedDocument`. Every option has a default, so the same
 * options always give the same document.
 * @example
 * const options: SeedOptions = { seed: 7, projects: 12, contents: 500 }
 */
export interface SeedOptions {
  /** The seed every record is derived from. Default `DEFAULT_SEED` (1). */
  seed?: number
  /** How many projects to create. Default 8; 4 or more give every documented role. */
  projects?: number
  /** How many contents to create in total, over all projects. Default 40. */
  contents?: number
  /** The value of the main key (account `acct_alpha`). Default `DEFAULT_API_KEY`. */
  apiKey?: string
  /** The "now" of the dataset: every timestamp lies before it. Default `DEFAULT_REFERENCE_DATE`. */
  referenceDate?: string
}

/**
 * The "now" of the demo dataset when no `referenceDate` is given. Pinned, so
 * the dataset does not change with the clock.
 * @example
 * createSeedDocument({ referenceDate: DEFAULT_REFERENCE_DATE })
 */
export const DEFAULT_REFERENCE_DATE = '2026-01-15T12:00:00.000Z'

const DEFAULT_PROJECT_COUNT = 8
const DEFAULT_CONTENT_COUNT = 40

/** Generation steps of a content; `is_complete` only at the last one. */
const TOTAL_STEPS = 5

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Each record kind draws from its own stream, `[seed, kind, index]`.
 * @note Never renumber these: that would change every existing dataset.
 */
const RECORD_KIND = {
  project: 1,
  content: 2,
  publish: 3,
  catalog: 4,
  projectId: 101,
  variationId: 102,
  movieId: 103,
} as const

interface SeedAccount extends FixtureAccount {
  /** Handle on TikTok, X and Medium. */
  handle: string
  /** Facebook page name. */
  page: string
}

const ALPHA: SeedAccount = {
  id: 'acct_alpha',
  name: 'Alpha Studio',
  handle: 'alphastudio',
  page: 'AlphaStudio',
}
const BETA: SeedAccount = {
  id: 'acct_beta',
  name: 'Beta Media',
  handle: 'betamedia',
  page: 'BetaMedia',
}

type ProjectRole = 'owned' | 'shared' | 'private' | 'empty'

/**
 * The roles of the first projects are fixed, so the default dataset always has
 * a read-only project shared by beta with alpha, a beta project alpha cannot
 * see and an alpha project without contents.
 */
const LEADING_ROLES: readonly ProjectRole[] = [
  'owned',
  'shared',
  'private',
  'empty',
]

function getProjectRole(index: number): ProjectRole {
  return LEADING_ROLES[index] ?? (index % 5 === 2 ? 'private' : 'owned')
}

interface ProductLine {
  /** As it reads in a project name: "Spring Sneaker Launch". */
  line: string
  /** One item, lower case: "a sneaker review". */
  item: string
  /** Endings of "How to … in 30 seconds". */
  howTo: readonly string[]
}

const PRODUCT_LINES: readonly ProductLine[] = [
  {
    line: 'Sneaker',
    item: 'sneaker',
    howTo: [
      'style white sneakers',
      'lace sneakers for a slip-on fit',
      'clean suede sneakers',
    ],
  },
  {
    line: 'Denim',
    item: 'denim jacket',
    howTo: ['cuff your jeans', 'layer a denim jacket', 'find your jeans size'],
  },
  {
    line: 'Skincare',
    item: 'serum',
    howTo: [
      'layer a vitamin C serum',
      'build a morning routine',
      'apply SPF over makeup',
    ],
  },
  {
    line: 'Cold Brew',
    item: 'cold brew',
    howTo: [
      'make cold brew at home',
      'froth oat milk',
      'pour a cold brew tonic',
    ],
  },
  {
    line: 'Headphone',
    item: 'headphone',
    howTo: [
      'pair headphones with two devices',
      'turn on noise cancelling',
      'clean your ear cushions',
    ],
  },
  {
    line: 'Smartwatch',
    item: 'smartwatch',
    howTo: [
      'set up sleep tracking',
      'swap a watch band',
      'track an interval run',
    ],
  },
  {
    line: 'Yoga Mat',
    item: 'yoga mat',
    howTo: [
      'clean a yoga mat',
      'roll a mat for travel',
      'pick the right mat thickness',
    ],
  },
  {
    line: 'Backpack',
    item: 'backpack',
    howTo: [
      'pack a carry-on backpack',
      'fit a laptop and a camera',
      'adjust your shoulder straps',
    ],
  },
  {
    line: 'Espresso',
    item: 'espresso machine',
    howTo: [
      'pull a double shot',
      'steam milk for latte art',
      'descale an espresso machine',
    ],
  },
  {
    line: 'Running Shoe',
    item: 'running shoe',
    howTo: [
      'lace running shoes for wide feet',
      'tell when to replace running shoes',
      'break in new trainers',
    ],
  },
  {
    line: 'Lip Color',
    item: 'lipstick',
    howTo: [
      'line your lips',
      'make lipstick last all day',
      'pick a shade for your undertone',
    ],
  },
  {
    line: 'Action Camera',
    item: 'action camera',
    howTo: [
      'mount an action camera on a helmet',
      'shoot smooth slow motion',
      'film a time-lapse',
    ],
  },
  {
    line: 'Protein Snack',
    item: 'protein bar',
    howTo: [
      'pack a post-workout snack',
      'read a nutrition label',
      'prep five snacks for the week',
    ],
  },
  {
    line: 'Home Fragrance',
    item: 'candle',
    howTo: [
      'trim a candle wick',
      'layer home scents',
      'stop candle tunnelling',
    ],
  },
]

const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const
const COLORS = [
  'white',
  'black',
  'cream',
  'navy',
  'olive',
  'sage green',
  'terracotta',
  'sky blue',
  'charcoal',
  'sand',
  'burgundy',
  'lilac',
] as const
const CITIES = [
  'Austin',
  'Berlin',
  'Brooklyn',
  'Cape Town',
  'Lisbon',
  'London',
  'Melbourne',
  'Mexico City',
  'Paris',
  'Seoul',
  'Tokyo',
  'Toronto',
] as const
const BRAND_SUFFIXES = [
  'Goods',
  'Labs',
  'Supply',
  'Studio',
  'Collective',
  'Outfitters',
  'Brothers',
] as const
const SECONDS = [15, 30, 45, 60, 90] as const

interface ProjectNameParts {
  line: string
  season: string
  quarter: number
  city: string
  year: number
}

type ProjectNamePattern = (parts: ProjectNameParts) => string

const PROJECT_NAMES: readonly ProjectNamePattern[] = [
  ({ season, line }) => `${season} ${line} Launch`,
  ({ quarter, line }) => `Q${quarter} ${line} Tutorials`,
  ({ line }) => `${line} Holiday Campaign`,
  ({ line }) => `Back-to-School ${line} Push`,
  ({ line }) => `${line} Unboxing Series`,
  ({ season, line }) => `${season} ${line} Lookbook`,
  ({ line }) => `${line} Creator Collabs`,
  ({ line }) => `Black Friday ${line} Deals`,
  ({ line }) => `Evergreen ${line} How-Tos`,
  ({ line, year }) => `${line} Reviews ${year}`,
  ({ city, line }) => `${city} ${line} Pop-Up`,
]

const DESCRIPTION_LEADS = [
  'Short-form videos',
  'Vertical video ads',
  'Tutorial clips',
  'Launch teasers and unboxings',
  'Creator-style reviews',
  'Shoppable reels',
] as const

/**
 * The platforms a content is published to. Each has its own URL shape.
 * @note The spec names no platforms; these are the mock's choice.
 */
const PLATFORMS = [
  'youtube',
  'instagram',
  'tiktok',
  'x',
  'facebook',
  'medium',
] as const
type Platform = (typeof PLATFORMS)[number]

const PUBLISH_COUNT_WEIGHTS = [
  { weight: 15, value: 0 },
  { weight: 30, value: 1 },
  { weight: 30, value: 2 },
  { weight: 15, value: 3 },
  { weight: 10, value: 4 },
]

const DIGITS = '0123456789'
const NONZERO_DIGITS = '123456789'
const HEX_DIGITS = '0123456789abcdef'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const BASE64URL = `${BASE62}-_`
/** The last character of a YouTube video ID carries only 4 bits. */
const YOUTUBE_LAST_CHARACTERS = 'AEIMQUYcgkosw048'

/**
 * Creates a deterministic demo dataset as a fixture document (version 1):
 * two accounts, four API keys, projects and `moviemode` contents with publish
 * results. The same options give the same document on every run and machine;
 * each record is derived from `(seed, record kind, index)` alone, so content
 * #i is the same whether `contents` is 40 or 400.
 * @example
 * const document = createSeedDocument({ seed: 1, contents: 100 })
 * document.api_keys[0].key // 'demo-key-alpha'
 * @see DEFAULT_API_KEY
 */
export function createSeedDocument(options: SeedOptions = {}): FixtureDocument {
  const seed = options.seed ?? DEFAULT_SEED
  const projectCount = options.projects ?? DEFAULT_PROJECT_COUNT
  const contentCount = options.contents ?? DEFAULT_CONTENT_COUNT
  const apiKey = options.apiKey ?? DEFAULT_API_KEY
  const referenceDate = options.referenceDate ?? DEFAULT_REFERENCE_DATE

  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(
      `Failed to create the seed document: "seed" must be an integer, got ${String(seed)}. Pass a whole number such as 1.`,
    )
  }
  assertCount('projects', projectCount)
  assertCount('contents', contentCount)
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new TypeError(
      `Failed to create the seed document: "apiKey" must be visible ASCII characters without spaces, got ${JSON.stringify(apiKey)}.`,
    )
  }
  if ([BETA_API_KEY, EXPIRED_API_KEY, REVOKED_API_KEY].includes(apiKey)) {
    throw new TypeError(
      `Failed to create the seed document: "apiKey" ${JSON.stringify(apiKey)} is already the value of another demo key. Choose a different value.`,
    )
  }
  const now = Date.parse(referenceDate)
  if (Number.isNaN(now)) {
    throw new TypeError(
      `Failed to create the seed document: "referenceDate" must be an ISO 8601 timestamp, got ${JSON.stringify(referenceDate)}. Pass one such as "${DEFAULT_REFERENCE_DATE}".`,
    )
  }

  const context: SeedContext = {
    faker: new Faker({
      locale: [en, base],
      randomizer: createRecordRandomizer(),
    }),
    seedWords: splitSeed(seed),
    now: Math.floor(now / 1000),
    year: new Date(now).getUTCFullYear(),
  }
  // No record uses faker's date helpers; pinning their "now" anyway keeps a
  // future field from reading the clock.
  context.faker.setDefaultRefDate(new Date(now))
  const catalog = createCatalog(context)

  const projects: SeedProject[] = []
  for (let index = 0; index < projectCount; index++) {
    projects.push(createProject(context, catalog, index))
  }

  const holders = projects.filter((project) => project.role !== 'empty')
  if (contentCount > 0 && holders.length === 0) {
    throw new RangeError(
      `Failed to create the seed document: ${contentCount} contents need a project to hold them, but "projects" is ${projectCount}. Pass projects: 1 or more.`,
    )
  }
  const cumulativeWeights: number[] = []
  let totalWeight = 0
  for (const project of holders) {
    totalWeight += project.weight
    cumulativeWeights.push(totalWeight)
  }
  const distribution: ContentDistribution = {
    holders,
    cumulativeWeights,
    totalWeight,
  }

  const contents: FixtureContent[] = new Array(contentCount)
  for (let index = 0; index < contentCount; index++) {
    contents[index] = createContent(context, distribution, index)
  }

  const expiredAt = new Date((context.now - 30 * DAY) * 1000).toISOString()
  const apiKeys: FixtureApiKey[] = [
    { key: apiKey, account: ALPHA.id },
    { key: BETA_API_KEY, account: BETA.id },
    { key: EXPIRED_API_KEY, account: ALPHA.id, expires_at: expiredAt },
    { key: REVOKED_API_KEY, account: ALPHA.id, revoked: true },
  ]

  return {
    accounts: [ALPHA, BETA].map(({ id, name }) => ({ id, name })),
    api_keys: apiKeys,
    projects: projects.map((project) => project.record),
    contents,
  }
}

/**
 * The per-seed order in which projects take product lines and name patterns,
 * so the first projects of a dataset do not repeat one another.
 */
interface Catalog {
  productLines: readonly ProductLine[]
  projectNames: readonly ProjectNamePattern[]
}

function createCatalog(context: SeedContext): Catalog {
  reseed(context, RECORD_KIND.catalog, 0)
  return {
    productLines: context.faker.helpers.shuffle(PRODUCT_LINES),
    projectNames: context.faker.helpers.shuffle(PROJECT_NAMES),
  }
}

interface SeedContext {
  faker: Faker
  seedWords: readonly [number, number]
  /** The reference date, in whole seconds since the epoch. */
  now: number
  year: number
}

interface SeedProject {
  record: FixtureProject
  role: ProjectRole
  owner: SeedAccount
  product: ProductLine
  /** Seconds since the epoch. */
  createdAt: number
  /** Relative share of the contents beyond the first one. */
  weight: number
}

interface ContentDistribution {
  holders: readonly SeedProject[]
  cumulativeWeights: readonly number[]
  totalWeight: number
}

function createProject(
  context: SeedContext,
  catalog: Catalog,
  index: number,
): SeedProject {
  const { faker } = context
  reseed(context, RECORD_KIND.project, index)
  const role = getProjectRole(index)
  const owner = role === 'owned' || role === 'empty' ? ALPHA : BETA
  const projectUnique = createPublicId(
    context,
    'prj_',
    RECORD_KIND.projectId,
    index,
  )

  const product = pickInTurn(catalog.productLines, index)
  const projectName = pickInTurn(
    catalog.projectNames,
    index,
  )({
    line: product.line,
    season: faker.helpers.arrayElement(SEASONS),
    quarter: faker.number.int({ min: 1, max: 4 }),
    city: faker.helpers.arrayElement(CITIES),
    year: context.year,
  })
  const brand = `${faker.person.lastName()} ${faker.helpers.arrayElement(BRAND_SUFFIXES)}`
  const lead = faker.helpers.arrayElement(DESCRIPTION_LEADS)
  const adjective = faker.commerce.productAdjective().toLowerCase()
  const closing = faker.datatype.boolean()
    ? `Tagline: "${faker.company.catchPhrase()}".`
    : `Goal: ${faker.number.int({ min: 5, max: 500 })}k views in ${faker.number.int({ min: 2, max: 12 })} weeks.`
  const description = `${lead} for the ${adjective} ${product.item} line by ${brand}. ${closing}`

  // An empty project reads as just created; the others have had time to fill.
  const createdAt =
    role === 'empty'
      ? context.now - faker.number.int({ min: 1 * DAY, max: 10 * DAY })
      : context.now - faker.number.int({ min: 30 * DAY, max: 540 * DAY })
  const weight = faker.number.int({ min: 1, max: 5 })

  const record: FixtureProject = {
    project_unique: projectUnique,
    project_name: projectName,
    description,
    created_at: toTimestamp(createdAt),
    is_readonly: role === 'shared',
    account: owner.id,
  }
  if (role === 'shared') record.shared_with = [ALPHA.id]
  return { record, role, owner, product, createdAt, weight }
}

function createContent(
  context: SeedContext,
  distribution: ContentDistribution,
  index: number,
): FixtureContent {
  const { faker } = context
  reseed(context, RECORD_KIND.content, index)
  const variationUnique = createPublicId(
    context,
    'var_',
    RECORD_KIND.variationId,
    index,
  )
  const movieUnique = createPublicId(
    context,
    'mov_',
    RECORD_KIND.movieId,
    index,
  )
  const project = pickProject(context, distribution, index)

  const isComplete = faker.datatype.boolean({ probability: 0.8 })
  const stepProcess = isComplete
    ? TOTAL_STEPS
    : faker.number.int({ min: 1, max: TOTAL_STEPS - 1 })

  // Complete contents leave at least two hours for publishing; contents still
  // in progress were started within the last three days.
  const earliest = project.createdAt + HOUR
  const createdAt = isComplete
    ? faker.number.int({ min: earliest, max: context.now - 2 * HOUR })
    : faker.number.int({
        min: Math.max(earliest, context.now - 3 * DAY),
        max: context.now - 10 * MINUTE,
      })
  const title = createTitle(context, project.product)

  reseed(context, RECORD_KIND.publish, index)
  const publish = isComplete
    ? createPublishResults(context, project.owner, title, createdAt)
    : []

  return {
    variation_unique: variationUnique,
    project_unique: project.record.project_unique,
    mode: MOVIEMODE,
    title,
    progress: { step_process: stepProcess, is_complete: isComplete },
    created_at: toTimestamp(createdAt),
    content: { movie_unique: movieUnique },
    publish,
  }
}

/**
 * Every project that holds contents gets the content with its own index
 * first; the rest are spread by weight. Depends on the index only, so growing
 * `contents` never moves an existing content.
 */
function pickProject(
  context: SeedContext,
  { holders, cumulativeWeights, totalWeight }: ContentDistribution,
  index: number,
): SeedProject {
  const first = holders[index]
  if (first) return first
  const target = context.faker.number.int({ min: 0, max: totalWeight - 1 })
  let low = 0
  let high = cumulativeWeights.length - 1
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((cumulativeWeights[middle] ?? 0) > target) high = middle
    else low = middle + 1
  }
  return holders[low] ?? holders[0]!
}

function pickInTurn<Item>(items: readonly Item[], index: number): Item {
  return items[index % items.length]!
}

function createTitle({ faker }: SeedContext, product: ProductLine): string {
  const { item } = product
  switch (faker.number.int({ min: 0, max: 10 })) {
    case 0:
      return `How to ${faker.helpers.arrayElement(product.howTo)} in ${faker.helpers.arrayElement(SECONDS)} seconds`
    case 1:
      return `${faker.number.int({ min: 3, max: 7 })} ${item} mistakes to avoid`
    case 2:
      return `Unboxing the new ${faker.commerce.productAdjective().toLowerCase()} ${item}`
    case 3: {
      const [first = 'white', second = 'black'] = faker.helpers.arrayElements(
        COLORS,
        2,
      )
      return `${capitalize(first)} or ${second}: which ${item} wins?`
    }
    case 4:
      return `Behind the scenes: making our ${item}`
    case 5:
      return `${faker.person.firstName()} tries the ${faker.commerce.productAdjective().toLowerCase()} ${item}`
    case 6:
      return `Packing list: ${item} essentials for ${faker.helpers.arrayElement(CITIES)}`
    case 7:
      return `${faker.helpers.arrayElement(SECONDS)}-second ${item} review`
    case 8:
      return `Why ${faker.helpers.arrayElement(CITIES)} creators love this ${item}`
    case 9:
      return `${faker.helpers.arrayElement(SEASONS)} ${item} picks under $${faker.helpers.arrayElement([25, 50, 75, 100, 150])}`
    default:
      return `Before and after: ${faker.number.int({ min: 2, max: 8 })} weeks with our ${item}`
  }
}

function createPublishResults(
  context: SeedContext,
  owner: SeedAccount,
  title: string,
  createdAt: number,
): PublishResult[] {
  const { faker } = context
  const count = faker.helpers.weightedArrayElement(PUBLISH_COUNT_WEIGHTS)
  const platforms = faker.helpers.arrayElements(PLATFORMS, count)
  const latest = Math.min(createdAt + 14 * DAY, context.now)
  const results = platforms.map((platform) => ({
    platform,
    postedAt: faker.number.int({ min: createdAt + 10 * MINUTE, max: latest }),
    postUrl: createPostUrl(context, platform, owner, title),
  }))
  results.sort((left, right) => left.postedAt - right.postedAt)
  return results.map(({ platform, postedAt, postUrl }) => ({
    platform,
    status: 'success',
    post_url: postUrl,
    posted_at: toTimestamp(postedAt),
  }))
}

function createPostUrl(
  { faker }: SeedContext,
  platform: Platform,
  owner: SeedAccount,
  title: string,
): string {
  switch (platform) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=${randomString(faker, BASE64URL, 10)}${randomString(faker, YOUTUBE_LAST_CHARACTERS, 1)}`
    case 'instagram':
      return `https://www.instagram.com/reel/${randomString(faker, BASE64URL, 11)}/`
    case 'tiktok':
      return `https://www.tiktok.com/@${owner.handle}/video/7${randomString(faker, DIGITS, 18)}`
    case 'x':
      return `https://x.com/${owner.handle}/status/1${randomString(faker, DIGITS, 18)}`
    case 'facebook':
      return `https://www.facebook.com/${owner.page}/videos/${randomString(faker, NONZERO_DIGITS, 1)}${randomString(faker, DIGITS, faker.number.int({ min: 14, max: 15 }))}`
    case 'medium':
      return `https://medium.com/@${owner.handle}/${slugify(title)}-${randomString(faker, HEX_DIGITS, 12)}`
  }
}

/**
 * A public ID: the prefix and 12 base62 characters. The first 6 come from the
 * record's stream; the last 6 encode a seed-keyed permutation of the index,
 * each digit shifted by the random character above it. Both halves can be
 * read back from the ID, so IDs of one kind are unique by construction,
 * without a lookup of the others.
 */
function createPublicId(
  context: SeedContext,
  prefix: string,
  kind: number,
  index: number,
): string {
  const [low, high] = context.seedWords
  const key = mix32(mix32(mix32(low ^ 0x5bd1e995) ^ high) ^ kind)
  // (index + key) mod 2^32 and mix32 are both bijections on 32-bit words.
  let value = mix32((index + key) >>> 0)
  let random = ''
  let encoded = ''
  for (let position = 0; position < 6; position++) {
    const shift = context.faker.number.int(61)
    random += BASE62[shift]
    encoded += BASE62[((value % 62) + shift) % 62]
    value = Math.floor(value / 62)
  }
  return `${prefix}${random}${encoded}`
}

/** `length` characters of `alphabet`, drawn from the record's stream. */
function randomString(faker: Faker, alphabet: string, length: number): string {
  let text = ''
  for (let position = 0; position < length; position++) {
    text += alphabet[faker.number.int(alphabet.length - 1)]
  }
  return text
}

function reseed(context: SeedContext, kind: number, index: number): void {
  const [low, high] = context.seedWords
  context.faker.seed([low, high, kind, index])
}

/**
 * A small-state PRNG (sfc32) that faker draws from. Reseeding is O(1), where
 * faker's Mersenne Twister takes about 30 µs, which at one reseed per record
 * would dominate the time to build 100,000 contents.
 */
function createRecordRandomizer(): Randomizer {
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

function splitSeed(seed: number): [number, number] {
  return [seed >>> 0, Math.floor(seed / 4294967296) | 0]
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(
      `Failed to create the seed document: "${name}" must be a non-negative integer, got ${String(value)}.`,
    )
  }
}

function toTimestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
