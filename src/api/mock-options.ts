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
  type RateLimit,
  type Scenario,
  type ScenarioPreset,
} from '../schema/scenario.js'
import { variantListSchema, type VariantName } from '../schema/variants.js'
import {
  clientReportOptionsSchema,
  type ClientReportOptions,
} from '../schema/client-report-options.js'
import type { ListOrder } from './api-context.js'

export interface MockOptions {
  /** Seed of the generated dataset and of every scenario draw (default 1). */
  seed?: number
  /** Ignored with `fixtures`. */
  size?: { projects?: number; contents?: number }
  /** A fixture document (parsed JSON) to serve instead of generated data. */
  fixtures?: unknown
  /** The main API key of the generated dataset (default `demo-key-alpha`). */
  apiKey?: string
  /** Restricts the mock to one origin and prefix, e.g. `https://api.example.com/public-api/v1` (default: any origin under `/public-api/v1`). */
  baseUrl?: string
  /** Lifetime of issued asset URLs in seconds (default 900). */
  assetTtl?: number
  /** Secret that signs asset URLs (default: random per instance). */
  assetSecret?: string
  /** Order of list items (default `newest-first`). */
  listOrder?: ListOrder
  /** The clock's time source (default: `Date.now()` read at each call, so vitest's fake timers move it too). */
  now?: () => number
  /** A rate limit per API key, e.g. `{ limit: 60, window: '1m' }` (default: none). */
  rateLimit?: RateLimit
  /** Scenarios in force from the start and again after `reset()`. */
  scenarios?: Array<Scenario | ScenarioPreset>
  /** How many requests the journal keeps (default 1,000). */
  journalSize?: number
  /** Per rule: `false` turns one off, an object sets its thresholds (default: every rule). See docs/client-report.md. */
  clientReport?: ClientReportOptions
  /** Ignore the `X-Mock-Scenario` and `X-Mock-Variant` request headers. */
  strict?: boolean
  /** In force from the start and again after `reset()`, e.g. `['hostile']` for all. See docs/variants.md. */
  variants?: VariantName[]
  /** A new content starts every few minutes in each project and gets published, from the seed and the clock alone; with `fixtures`, use a `timeline`. */
  live?: boolean
  /** How much faster than its time source the clock runs (60: an hour a minute), counted from creation. */
  speed?: number
}

/** An unknown or invalid option throws before anything is served. */
export const optionsSchema = z.strictObject({
  seed: integerOptionSchema(OPTION_RULES.seed).optional(),
  size: z
    .strictObject({
      projects: integerOptionSchema(OPTION_RULES.projects).optional(),
      contents: integerOptionSchema(OPTION_RULES.contents).optional(),
    })
    .optional(),
  fixtures: z.unknown().optional(),
  apiKey: mainApiKeySchema.optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  assetTtl: integerOptionSchema(OPTION_RULES.assetTtl).optional(),
  assetSecret: z.string().min(1).optional(),
  listOrder: choiceOptionSchema(OPTION_RULES.listOrder).optional(),
  now: z.function().optional(),
  rateLimit: rateLimitSchema.optional(),
  scenarios: z
    .array(z.union([z.enum(SCENARIO_PRESETS), scenarioSchema]))
    .optional(),
  journalSize: integerOptionSchema(OPTION_RULES.journalSize).optional(),
  clientReport: clientReportOptionsSchema.optional(),
  strict: z.boolean().optional(),
  variants: variantListSchema.optional(),
  live: z.boolean().optional(),
  speed: numberOptionSchema(OPTION_RULES.speed).optional(),
})

export const OPTIONS_SUBJECT = 'content-api-mock options'
export const OPTIONS_HINT =
  'Every option is described in docs/options.md of the content-api-mock package.'
