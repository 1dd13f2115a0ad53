import * as z from 'zod'
import type {
  FixtureApiKey,
  FixtureContent,
  FixtureDocument,
} from '../schema/fixture.js'
import { integerOptionSchema, OPTION_RULES } from '../schema/option-rules.js'
import { OptionsError } from '../schema/options-error.js'
import { parseOptions } from '../schema/parse-options.js'
import {
  BETA_API_KEY,
  EXPIRED_API_KEY,
  REVOKED_API_KEY,
} from './default-keys.js'
import { mainApiKeySchema } from './main-api-key-schema.js'
import { createContent } from './seed/create-content.js'
import { createSeedProjects } from './seed/create-project.js'
import { ALPHA_ACCOUNT, BETA_ACCOUNT } from './seed/seed-accounts.js'
import {
  createSeedContext,
  DAY,
  MINUTE,
  toTimestamp,
} from './seed/seed-context.js'
import { createLiveStream } from './seed/create-live-stream.js'
import type { LiveStream } from './seed/live-stream.js'

/** Pinned, so the dataset does not change with the clock. */
const DEFAULT_REFERENCE_DATE = '2026-01-15T12:00:00.000Z'

// Typed by its shape, so that the declaration file keeps each option's comment.
const seedOptionsShape = {
  /** The seed every record is derived from. Default `DEFAULT_SEED` (1). */
  seed: integerOptionSchema(OPTION_RULES.seed).optional(),
  // Any number of projects from 0: tests of edge cases want few (the mock asks for 4, every documented role).
  /** How many projects to create. Default 8; 4 or more give every documented role. */
  projects: integerOptionSchema(OPTION_RULES.projects, 0).optional(),
  /** How many contents to create in total, over all projects. Default 40. */
  contents: integerOptionSchema(OPTION_RULES.contents).optional(),
  /** The value of the main key (account `acct_alpha`). Default `DEFAULT_API_KEY`. */
  apiKey: mainApiKeySchema.optional(),
  /** The "now" of the dataset: every timestamp lies before it. Default `DEFAULT_REFERENCE_DATE`. */
  referenceDate: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `expected an ISO 8601 timestamp such as "${DEFAULT_REFERENCE_DATE}"`,
    })
    .optional(),
  /** For a live mock: contents in progress get timelines that finished minutes after they started. */
  live: z.boolean().optional(),
}

const seedOptionsSchema: z.ZodObject<typeof seedOptionsShape, z.core.$strict> =
  z.strictObject(seedOptionsShape)

/**
 * Options of `createSeedDocument`; every option has a default.
 * @example
 * const options: SeedOptions = { seed: 7, projects: 12, contents: 500 }
 */
export type SeedOptions = z.input<typeof seedOptionsSchema>

/**
 * Creates a deterministic demo dataset as a fixture document: two accounts, four API keys, projects and contents.
 * Each record is derived from `(seed, record kind, index)` alone, so content #i is the same for 40 or 400.
 * @example
 * const document = createSeedDocument({ seed: 1, contents: 100 })
 * document.api_keys[0].key // 'demo-key-alpha'
 * @throws {OptionsError} naming every unknown or invalid option.
 * @see DEFAULT_API_KEY
 */
export function createSeedDocument(options: SeedOptions = {}): FixtureDocument {
  const parsed = parseOptions(seedOptionsSchema, options, {
    subject: 'createSeedDocument options',
    elsewhere: {
      size: 'pass "projects" and "contents" at the top level, e.g. createSeedDocument({ contents: 200 })',
    },
  })
  const seed = parsed.seed ?? OPTION_RULES.seed.default
  const projectCount = parsed.projects ?? OPTION_RULES.projects.default
  const contentCount = parsed.contents ?? OPTION_RULES.contents.default
  const apiKey = parsed.apiKey ?? OPTION_RULES.apiKey.default
  const referenceDate = parsed.referenceDate ?? DEFAULT_REFERENCE_DATE
  const now = Date.parse(referenceDate)

  const context = createSeedContext(seed, now)
  const projects = createSeedProjects(context, projectCount)

  const holders = projects.filter((project) => project.role !== 'empty')
  if (contentCount > 0 && holders.length === 0) {
    throw OptionsError.for('createSeedDocument options', [
      {
        path: 'projects',
        message: `${contentCount === 1 ? '1 content needs a project to hold it' : `${contentCount} contents need a project to hold them`}, got ${projectCount}; pass projects: 1 or more`,
      },
    ])
  }
  let totalWeight = 0
  const cumulativeWeights = holders.map(({ weight }) => (totalWeight += weight))
  const distribution = { holders, cumulativeWeights, totalWeight }

  const contents: FixtureContent[] = new Array(contentCount)
  for (let index = 0; index < contentCount; index++) {
    const content = createContent(context, distribution, index)
    contents[index] = parsed.live ? finishInTheLiveWay(content) : content
  }

  const expiredAt = new Date((context.now - 30 * DAY) * 1000).toISOString()
  const apiKeys: FixtureApiKey[] = [
    { key: apiKey, account: ALPHA_ACCOUNT.id },
    { key: BETA_API_KEY, account: BETA_ACCOUNT.id },
    { key: EXPIRED_API_KEY, account: ALPHA_ACCOUNT.id, expires_at: expiredAt },
    { key: REVOKED_API_KEY, account: ALPHA_ACCOUNT.id, revoked: true },
  ]

  return {
    accounts: [ALPHA_ACCOUNT, BETA_ACCOUNT].map(({ id, name }) => ({
      id,
      name,
    })),
    api_keys: apiKeys,
    projects: projects.map((project) => project.record),
    contents,
  }
}

/** The live stream of the dataset `createSeedDocument(options)` makes (see `createLiveStream`). */
export function createSeedStream(
  options: Pick<SeedOptions, 'seed' | 'projects'> = {},
): LiveStream {
  const seed = options.seed ?? OPTION_RULES.seed.default
  const context = createSeedContext(seed, Date.parse(DEFAULT_REFERENCE_DATE))
  const projects = createSeedProjects(
    context,
    options.projects ?? OPTION_RULES.projects.default,
  )
  return createLiveStream(context, projects)
}

/** A content in progress gets steps that ended two minutes apart, so it reads as finished from then on. */
function finishInTheLiveWay(content: FixtureContent): FixtureContent {
  if (content.progress?.is_complete !== false) return content
  const start = Date.parse(content.created_at) / 1000
  const { progress: _progress, publish: _publish, ...rest } = content
  return {
    ...rest,
    timeline: {
      step_ends: [1, 2, 3, 4, 5].map((step) =>
        toTimestamp(start + step * 2 * MINUTE),
      ),
      publish: [],
    },
  }
}
