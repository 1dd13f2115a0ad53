import type { IntegerOptionRule } from '../../schema/option-rules.js'

/**
 * The bounds and defaults of `verify`'s sampling and timeout flags.
 *
 * A sample, not a crawl: verify checks the shape of answers, which a
 * few of each endpoint show; `record` is the command that walks everything.
 */
export const VERIFY_OPTION_RULES = {
  maxProjects: {
    min: 1,
    max: 1000,
    default: 3,
    summary: 'how many projects of the list to read (detail and contents)',
  },
  maxContents: {
    min: 0,
    max: 1000,
    default: 3,
    summary: 'how many contents of each sampled project to read in detail',
  },
  timeout: {
    min: 1,
    max: 600_000,
    default: 30_000,
    summary: 'milliseconds to wait for each answer',
  },
} as const satisfies Record<string, IntegerOptionRule>

/**
 * What `content-api-mock verify` was asked for, checked and typed.
 */
export interface VerifyOptions {
  /** The service's base URL with its version prefix, without a trailing `/`. */
  target: string
  apiKey: string
  report: 'table' | 'json'
  reportFile?: string
  maxProjects: number
  maxContents: number
  timeout: number
}
