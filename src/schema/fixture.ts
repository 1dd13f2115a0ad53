import * as z from 'zod'
import {
  checkStoredContentBody,
  hasReadableContentBody,
} from './content-modes.js'
import {
  progressSchema,
  projectDetailSchema,
  publishResultSchema,
} from './resources.js'
import { publicIdSchema, timestampSchema } from './primitives.js'
import { TOKEN_PATTERN } from './option-rules.js'
import { recordedExtrasShape } from './recorded-extras.js'
import { fixtureInstantSchema } from './story-time.js'
import { findTimelineIssues, fixtureTimelineSchema } from './timeline.js'

/**
 * The version of the fixture document format this package reads and writes.
 * @example
 * const document = { version: FIXTURE_VERSION, accounts: [], api_keys: [], projects: [], contents: [] }
 */
export const FIXTURE_VERSION = 1

/**
 * The `$schema` of an exported document, relative to a project's root so editors find the shipped schema; loading ignores it.
 * @example
 * mock.exportFixtures().$schema // './node_modules/content-api-mock/fixtures/fixture.schema.json'
 */
export const FIXTURE_SCHEMA_PATH =
  './node_modules/content-api-mock/fixtures/fixture.schema.json'

const nonEmpty = z.string().min(1, 'expected a non-empty string')

/**
 * An account: the owner of API keys and projects.
 * @example
 * fixtureAccountSchema.parse({ id: 'acct_a', name: 'Alpha' })
 */
export const fixtureAccountSchema = z
  .strictObject({
    id: nonEmpty,
    name: z.string(),
  })
  .meta({ id: 'FixtureAccount' })

/**
 * An API key of an account. Without `expires_at` it never expires.
 * @example
 * fixtureApiKeySchema.parse({ key: 'k_a', account: 'acct_a' })
 */
export const fixtureApiKeySchema = z
  .strictObject({
    key: z
      .string()
      .regex(TOKEN_PATTERN, 'expected visible ASCII characters without spaces'),
    account: nonEmpty,
    expires_at: timestampSchema.optional(),
    revoked: z.boolean().optional(),
  })
  .meta({ id: 'FixtureApiKey' })

/**
 * Generation progress as a fixture document holds it: spec 2.5 plus the recorded extras.
 * @example
 * fixtureProgressSchema.parse({ step_process: 5, is_complete: true, extra: { eta: null } })
 */
export const fixtureProgressSchema = progressSchema
  .extend(recordedExtrasShape)
  .meta({ id: 'FixtureProgress' })

/**
 * A publish result as a fixture holds it: spec 2.6 plus recorded extras, so a missing `post_url` is kept as sent.
 * @example
 * fixturePublishResultSchema.parse({ platform: 'x', status: 'pending', absent: ['post_url'], ... })
 */
export const fixturePublishResultSchema = publishResultSchema
  .extend(recordedExtrasShape)
  .meta({ id: 'FixturePublishResult' })

/**
 * A project, owned by `account` and visible to the accounts in `shared_with`.
 * @example
 * fixtureProjectSchema.parse({ project_unique: 'p1', account: 'acct_a', is_readonly: false, ... })
 */
export const fixtureProjectSchema = z
  .strictObject({
    ...projectDetailSchema.shape,
    created_at: fixtureInstantSchema,
    account: nonEmpty,
    shared_with: z.array(nonEmpty).optional(),
    ...recordedExtrasShape,
  })
  .meta({ id: 'FixtureProject' })

/**
 * A content of a project. A known mode's `content` is its stored body (`{ movie_unique }`), any other mode's any
 * object. `progress` and `publish` are fixed, or computed from a `timeline` and the mock clock (then absent).
 * @example
 * fixtureContentSchema.parse({ variation_unique: 'v1', mode: 'moviemode', content: { movie_unique: 'm1' }, ... })
 */
export const fixtureContentSchema = z
  .strictObject({
    variation_unique: publicIdSchema,
    project_unique: publicIdSchema,
    mode: nonEmpty,
    title: z.string(),
    progress: fixtureProgressSchema.optional(),
    created_at: fixtureInstantSchema,
    content: z.record(z.string(), z.unknown()),
    publish: z.array(fixturePublishResultSchema).optional(),
    timeline: fixtureTimelineSchema.optional(),
    ...recordedExtrasShape,
  })
  .superRefine(checkStoredContentBody, { when: hasReadableContentBody })
  .superRefine((record, context) => {
    for (const issue of findTimelineIssues(record)) {
      context.addIssue({ code: 'custom', ...issue })
    }
  })
  .meta({ id: 'FixtureContent' })

/**
 * The fixture document, version 1: a whole dataset, as JSON. Its JSON Schema ships as `fixtures/fixture.schema.json`.
 * @example
 * const document = fixtureDocumentSchema.parse(JSON.parse(text))
 */
export const fixtureDocumentSchema = z
  .strictObject({
    $schema: z.string().optional(),
    version: z.literal(FIXTURE_VERSION).optional(),
    accounts: z.array(fixtureAccountSchema),
    api_keys: z.array(fixtureApiKeySchema),
    projects: z.array(fixtureProjectSchema),
    contents: z.array(fixtureContentSchema),
  })
  .meta({
    id: 'FixtureDocument',
    title: 'content-api-mock fixture document, version 1',
  })

export type FixtureAccount = z.infer<typeof fixtureAccountSchema>
export type FixtureApiKey = z.infer<typeof fixtureApiKeySchema>
export type FixtureProgress = z.infer<typeof fixtureProgressSchema>
export type FixturePublishResult = z.infer<typeof fixturePublishResultSchema>
export type FixtureProject = z.infer<typeof fixtureProjectSchema>
export type FixtureContent = z.infer<typeof fixtureContentSchema>
export type FixtureDocument = z.infer<typeof fixtureDocumentSchema>
