import { z } from 'zod'
import { Faker, base, en } from '@faker-js/faker'
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
import { createCatalog } from './seed/create-catalog.js'
import {
  createContent,
  type ContentDistribution,
} from './seed/create-content.js'
import { createProject, type SeedProject } from './seed/create-project.js'
import { createRecordRandomizer, splitSeed } from './seed/record-randomizer.js'
import { ALPHA_ACCOUNT, BETA_ACCOUNT } from './seed/seed-accounts.js'
import { DAY, type SeedContext } from './seed/seed-context.js'

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

// @note Any number of projects from 0: tests of edge cases want few. The
// mock asks for 4 or more, so that every documented role is there.
const seedOptionsSchema = z.strictObject({
  seed: integerOptionSchema(OPTION_RULES.seed).optional(),
  projects: integerOptionSchema(OPTION_RULES.projects, 0).optional(),
  contents: integerOptionSchema(OPTION_RULES.contents).optional(),
  apiKey: mainApiKeySchema.optional(),
  referenceDate: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      error: `expected an ISO 8601 timestamp such as "${DEFAULT_REFERENCE_DATE}"`,
    })
    .optional(),
})

/**
 * Creates a deterministic demo dataset as a fixture document (version 1):
 * two accounts, four API keys, projects and `moviemode` contents with publish
 * results. The same options give the same document on every run and machine;
 * each record is derived from `(seed, record kind, index)` alone, so content
 * #i is the same whether `contents` is 40 or 400.
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
    throw OptionsError.for('createSeedDocument options', [
      {
        path: 'projects',
        message: `${contentCount === 1 ? '1 content needs a project to hold it' : `${contentCount} contents need a project to hold them`}, got ${projectCount}; pass projects: 1 or more`,
      },
    ])
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
