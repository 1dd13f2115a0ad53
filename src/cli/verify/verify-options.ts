import type { OptionTable, OptionValues } from '../options/cli-option-spec.js'
import {
  defaultedIntegerSpec,
  parseNonEmpty,
} from '../options/option-parsers.js'
import { SERVICE_OPTIONS } from '../options/parse-service-flags.js'

/** The options of `verify`, in the order its help lists them. */
export const VERIFY_OPTION_TABLE = {
  ...SERVICE_OPTIONS,
  report: {
    value: 'format',
    help: 'table for people, json for CI',
    choices: ['table', 'json'],
    default: 'table',
  },
  reportFile: {
    value: 'file',
    help: 'write the JSON report to this file instead of stdout (with --report json)',
    parse: parseNonEmpty('a path to write the report to'),
  },
  // A sample, not a crawl: verify checks the shape of answers, which a few of
  // each endpoint show; `record` is the command that walks everything.
  maxProjects: defaultedIntegerSpec('n', {
    min: 1,
    max: 1000,
    default: 3,
    summary: 'how many projects of the list to read (detail and contents)',
  }),
  maxContents: defaultedIntegerSpec('n', {
    min: 0,
    max: 1000,
    default: 3,
    summary: 'how many contents of each sampled project to read in detail',
  }),
  timeout: defaultedIntegerSpec('ms', {
    min: 1,
    max: 600_000,
    default: 30_000,
    summary: 'milliseconds to wait for each answer',
  }),
} as const satisfies OptionTable

/** What `content-api-mock verify` was asked for, checked and typed. */
export type VerifyOptions = OptionValues<typeof VERIFY_OPTION_TABLE> & {
  /** The service's base URL with its version prefix, without a trailing `/`. */
  target: string
  apiKey: string
}
