import * as z from 'zod'

/**
 * An option that takes a whole number within bounds.
 */
export interface IntegerOptionRule {
  readonly min: number
  readonly max: number
  readonly default: number
  /** What the option does, in one line: for help texts and messages. */
  readonly summary: string
}

/**
 * An option that takes a number, not only whole ones, within bounds.
 */
export interface NumberOptionRule {
  readonly min: number
  readonly max: number
  readonly default: number
  readonly summary: string
}

/**
 * An option that takes one of a few words.
 */
export interface ChoiceOptionRule<Choice extends string = string> {
  readonly choices: readonly Choice[]
  readonly default: Choice
  readonly summary: string
}

/**
 * An option that takes a value sent in an HTTP header, such as an API key:
 * visible ASCII characters without spaces.
 */
export interface TokenOptionRule {
  readonly default: string
  readonly summary: string
}

/**
 * Visible ASCII without spaces: what an HTTP header carries as a token.
 * @example
 * TOKEN_PATTERN.test('demo-key-alpha') // true
 */
export const TOKEN_PATTERN = /^[\x21-\x7e]+$/

/**
 * What a token option expects, in words, for messages.
 * @example
 * `expected ${TOKEN_EXPECTED}`
 */
export const TOKEN_EXPECTED =
  'visible ASCII characters without spaces, as an HTTP header carries them'

/**
 * The one home of the mock's options that take a value with bounds or a
 * default: the library's options schema, `createSeedDocument`'s defaults,
 * the CLI's argument parsers and its `--help` are all derived from it.
 * @note The server-only options (host, port) live in `server/defaults.ts`,
 * beside the server, in the same form.
 * @example
 * OPTION_RULES.projects.default // 8
 * OPTION_RULES.projects.min // 4: fewer would leave a documented role out
 */
export const OPTION_RULES = {
  seed: {
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    default: 1,
    summary:
      'seed of the generated dataset and of every random draw of the traffic scenarios (fail rate, latency ranges, probabilities)',
  },
  projects: {
    min: 4,
    max: 100_000,
    default: 8,
    summary: 'projects in the generated dataset',
  },
  contents: {
    min: 0,
    max: 10_000_000,
    default: 40,
    summary: 'contents in the generated dataset',
  },
  apiKey: {
    default: 'demo-key-alpha',
    summary: 'main API key of the generated dataset',
  },
  assetTtl: {
    min: 1,
    max: 2_147_483_647,
    default: 900,
    summary: 'lifetime of issued asset URLs, in seconds',
  },
  listOrder: {
    choices: ['newest-first', 'oldest-first'],
    default: 'newest-first',
    summary: 'order of list items by created_at',
  },
  journalSize: {
    min: 1,
    max: 10_000_000,
    default: 1000,
    summary: 'requests kept by the request journal',
  },
  live: {
    default: false,
    summary:
      'generated contents keep generating: new ones start every few minutes, step through their progress and get published, as a function of the seed and the clock',
  },
  speed: {
    min: 0.01,
    max: 10_000,
    default: 1,
    summary:
      'how much faster than real time the mock clock runs (60: an hour a minute)',
  },
} as const satisfies {
  seed: IntegerOptionRule
  projects: IntegerOptionRule
  contents: IntegerOptionRule
  apiKey: TokenOptionRule
  assetTtl: IntegerOptionRule
  listOrder: ChoiceOptionRule
  journalSize: IntegerOptionRule
  live: { readonly default: boolean; readonly summary: string }
  speed: NumberOptionRule
}

/**
 * What an integer option accepts, in words.
 * @example
 * describeIntegerRule(OPTION_RULES.projects) // 'a whole number from 4 to 100000'
 */
export function describeIntegerRule(
  rule: Pick<IntegerOptionRule, 'min' | 'max'>,
): string {
  return rule.max === Number.MAX_SAFE_INTEGER
    ? `a whole number, ${rule.min} or more`
    : `a whole number from ${rule.min} to ${rule.max}`
}

/**
 * The zod schema of an integer option; `min` may be lowered for a caller
 * that accepts less (`createSeedDocument` makes any number of projects).
 * @example
 * integerOptionSchema(OPTION_RULES.journalSize).parse(500)
 */
export function integerOptionSchema(
  rule: IntegerOptionRule,
  min = rule.min,
): z.ZodNumber {
  const error = `expected ${describeIntegerRule({ min, max: rule.max })}`
  return z.int({ error }).min(min, { error }).max(rule.max, { error })
}

/**
 * The zod schema of a number option.
 * @example
 * numberOptionSchema(OPTION_RULES.speed).parse(60)
 */
export function numberOptionSchema(rule: NumberOptionRule): z.ZodNumber {
  const error = `expected a number from ${rule.min} to ${rule.max}`
  return z.number({ error }).min(rule.min, { error }).max(rule.max, { error })
}

/**
 * The zod schema of a token option, such as an API key.
 * @example
 * tokenOptionSchema().parse('demo-key-alpha')
 */
export function tokenOptionSchema(): z.ZodString {
  const error = `expected ${TOKEN_EXPECTED}`
  return z.string({ error }).regex(TOKEN_PATTERN, { error })
}

/**
 * The zod schema of a choice option.
 * @example
 * choiceOptionSchema(OPTION_RULES.listOrder).parse('oldest-first')
 */
export function choiceOptionSchema<const Choice extends string>(
  rule: ChoiceOptionRule<Choice>,
) {
  return z.enum(rule.choices as [Choice, ...Choice[]], {
    error: `expected one of ${rule.choices.join(', ')}`,
  })
}
