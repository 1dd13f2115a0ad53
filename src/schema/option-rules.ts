import * as z from 'zod'

interface OptionRule<Default> {
  readonly default: Default
  /** What the option does, in one line: for help texts and messages. */
  readonly summary: string
}

export interface IntegerOptionRule extends OptionRule<number> {
  readonly min: number
  readonly max: number
}

export type NumberOptionRule = IntegerOptionRule

interface ChoiceOptionRule<
  Choice extends string = string,
> extends OptionRule<Choice> {
  readonly choices: readonly Choice[]
}

/** An option sent in an HTTP header, such as an API key. */
export type TokenOptionRule = OptionRule<string>

export const TOKEN_PATTERN = /^[\x21-\x7e]+$/

export const TOKEN_EXPECTED =
  'visible ASCII characters without spaces, as an HTTP header carries them'

/**
 * The one home of the mock's options with bounds or a default: the library's options schema, `createSeedDocument`'s
 * defaults, the CLI's parsers and `--help` derive from it. Host and port: `server/connections/defaults.ts`.
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
} as const satisfies Record<
  string,
  IntegerOptionRule | ChoiceOptionRule | TokenOptionRule | OptionRule<boolean>
>

export function describeIntegerRule(
  rule: Pick<IntegerOptionRule, 'min' | 'max'>,
): string {
  return rule.max === Number.MAX_SAFE_INTEGER
    ? `a whole number, ${rule.min} or more`
    : `a whole number from ${rule.min} to ${rule.max}`
}

/** `min` may be lowered for a caller that accepts less (`createSeedDocument` makes any number of projects). */
export function integerOptionSchema(
  rule: IntegerOptionRule,
  min = rule.min,
): z.ZodNumber {
  const error = `expected ${describeIntegerRule({ min, max: rule.max })}`
  return z.int({ error }).min(min, { error }).max(rule.max, { error })
}

export function numberOptionSchema(rule: NumberOptionRule): z.ZodNumber {
  const error = `expected a number from ${rule.min} to ${rule.max}`
  return z.number({ error }).min(rule.min, { error }).max(rule.max, { error })
}

export function tokenOptionSchema(): z.ZodString {
  const error = `expected ${TOKEN_EXPECTED}`
  return z.string({ error }).regex(TOKEN_PATTERN, { error })
}

export function choiceOptionSchema<const Choice extends string>(
  rule: ChoiceOptionRule<Choice>,
) {
  return z.enum(rule.choices as [Choice, ...Choice[]], {
    error: `expected one of ${rule.choices.join(', ')}`,
  })
}

/**
 * The library checks the rules that have `library`; the CLI checks each `conflicts` rule where commander checks its own
 * conflicts, and each `requires` rule before a command runs.
 */
interface OptionCombinationRule {
  readonly option: string
  readonly kind: 'conflicts' | 'requires'
  readonly other: string
  /** The library's issue at `option`; absent when it has no such pair. */
  readonly library?: string
  /** Given the command's option values and each option's environment variable. */
  readonly cli: (
    given: Readonly<Record<string, unknown>>,
    variables: Readonly<Record<string, string>>,
  ) => string
}

const GENERATOR_OPTIONS = ['projects', 'contents'] as const

function describeGeneratorConflict(given: Readonly<Record<string, unknown>>) {
  const flags = GENERATOR_OPTIONS.filter(
    (name) => given[name] !== undefined,
  ).map((name) => `--${name}`)
  return `${flags.join(' and ')} shape${flags.length === 1 ? 's' : ''} the generated dataset and cannot be combined with --fixtures, which serves the file as written. Remove one or the other (--seed may stay: with --fixtures it seeds the random traffic draws only).`
}

export const OPTION_COMBINATION_RULES: readonly OptionCombinationRule[] = [
  {
    option: 'live',
    kind: 'conflicts',
    other: 'fixtures',
    library:
      'makes the generated dataset live and cannot be combined with "fixtures"; give the fixture\'s contents a "timeline" to make them generate over time',
    cli: () =>
      '--live makes the generated dataset generate over time and cannot be combined with --fixtures. Give the fixture file\'s contents a "timeline" instead, or remove one of the two.',
  },
  {
    option: 'apiKey',
    kind: 'conflicts',
    other: 'fixtures',
    library:
      'sets the main key of the generated dataset and cannot be combined with "fixtures"; put the key into the fixture document\'s "api_keys" instead',
    cli: () =>
      '--api-key sets the main key of the generated dataset and cannot be combined with --fixtures. Put the key into the fixture file\'s "api_keys" instead.',
  },
  ...GENERATOR_OPTIONS.map((option): OptionCombinationRule => ({
    option,
    kind: 'conflicts',
    other: 'fixtures',
    cli: describeGeneratorConflict,
  })),
  {
    option: 'watch',
    kind: 'requires',
    other: 'fixtures',
    cli: () =>
      '--watch reloads the file given with --fixtures and has nothing to watch without it. Add --fixtures FILE, or remove --watch.',
  },
  {
    option: 'proxyAll',
    kind: 'requires',
    other: 'proxy',
    cli: () =>
      '--proxy-all forwards every API request to the real service named with --proxy, and has nowhere to forward them without it. Add --proxy URL (e.g. --proxy https://api.example.com/public-api/v1), or remove --proxy-all.',
  },
  {
    option: 'redisPrefix',
    kind: 'requires',
    other: 'redis',
    cli: (_, variables) =>
      `--redis-prefix names the keys of a fleet in the Redis given with --redis, and there is none without it. Add --redis URL (e.g. --redis redis://127.0.0.1:6379), or remove --redis-prefix${variables.redisPrefix === undefined ? '' : ` (or unset ${variables.redisPrefix})`}.`,
  },
  {
    option: 'redisOffline',
    kind: 'requires',
    other: 'redis',
    cli: () =>
      '--redis-offline says what a replica of a fleet does while it cannot reach the Redis given with --redis, and there is none without it. Add --redis URL, or remove --redis-offline.',
  },
  {
    option: 'record',
    kind: 'requires',
    other: 'proxy',
    cli: (given) =>
      `--record ${String(given.record)} records the answers proxy mode passes through, and nothing passes through without --proxy. Add --proxy URL, or remove --record (to record a whole service, run "content-api-mock record").`,
  },
]

/** A flag left off (`false`) counts as not given, like one left out. */
export function isOptionGiven(value: unknown): boolean {
  return value !== undefined && value !== false
}
