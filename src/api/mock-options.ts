import * as z from 'zod'
import { mainApiKeySchema } from '../data/main-api-key-schema.js'
import {
  choiceOptionSchema,
  integerOptionSchema,
  numberOptionSchema,
  OPTION_RULES,
} from '../schema/option-rules.js'
import {
  scenarioSchema,
  rateLimitSchema,
  SCENARIO_PRESETS,
} from '../schema/scenario.js'
import { variantListSchema } from '../schema/variants.js'
import { clientReportOptionsSchema } from '../schema/client-report-options.js'

const optionsShape = {
  /** Seed of the generated dataset and of every scenario draw (default 1). */
  seed: integerOptionSchema(OPTION_RULES.seed).optional(),
  /** Ignored with `fixtures`. */
  size: z
    .strictObject({
      projects: integerOptionSchema(OPTION_RULES.projects).optional(),
      contents: integerOptionSchema(OPTION_RULES.contents).optional(),
    })
    .optional(),
  /** A fixture document (parsed JSON) to serve instead of generated data. */
  fixtures: z.unknown().optional(),
  /** The main API key of the generated dataset (default `demo-key-alpha`). */
  apiKey: mainApiKeySchema.optional(),
  /** Restricts the mock to one origin and prefix, e.g. `https://api.example.com/public-api/v1` (default: any origin under `/public-api/v1`). */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Lifetime of issued asset URLs in seconds (default 900). */
  assetTtl: integerOptionSchema(OPTION_RULES.assetTtl).optional(),
  /** Secret that signs asset URLs (default: random per instance). */
  assetSecret: z.string().min(1).optional(),
  /** Order of list items (default `newest-first`). */
  listOrder: choiceOptionSchema(OPTION_RULES.listOrder).optional(),
  /** The clock's time source (default: `Date.now()` read at each call, so vitest's fake timers move it too). */
  now: z.function({ input: [], output: z.number() }).optional(),
  /** A rate limit per API key, e.g. `{ limit: 60, window: '1m' }` (default: none). */
  rateLimit: rateLimitSchema.optional(),
  /** Scenarios in force from the start and again after `reset()`. */
  scenarios: z
    .array(z.union([z.enum(SCENARIO_PRESETS), scenarioSchema]))
    .optional(),
  /** How many requests the journal keeps (default 1,000). */
  journalSize: integerOptionSchema(OPTION_RULES.journalSize).optional(),
  /** Per rule: `false` turns one off, an object sets its thresholds (default: every rule). See docs/client-report.md. */
  clientReport: clientReportOptionsSchema.optional(),
  /** Ignore the `X-Mock-Scenario` and `X-Mock-Variant` request headers. */
  strict: z.boolean().optional(),
  /** In force from the start and again after `reset()`, e.g. `['hostile']` for all. See docs/variants.md. */
  variants: variantListSchema.optional(),
  /** A new content starts every few minutes in each project and gets published, from the seed and the clock alone; with `fixtures`, use a `timeline`. */
  live: z.boolean().optional(),
  /** How much faster than its time source the clock runs (60: an hour a minute), counted from creation. */
  speed: numberOptionSchema(OPTION_RULES.speed).optional(),
}

/**
 * An unknown or invalid option throws before anything is served. Typed by
 * `typeof optionsShape` so the declaration file keeps each option's comment.
 */
export const optionsSchema: z.ZodObject<typeof optionsShape, z.core.$strict> =
  z.strictObject(optionsShape)

export type MockOptions = z.input<typeof optionsSchema>

export const OPTIONS_SUBJECT = 'content-api-mock options'
export const OPTIONS_HINT =
  'Every option is described in docs/options.md of the content-api-mock package.'
