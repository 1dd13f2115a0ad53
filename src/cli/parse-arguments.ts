import {
  Command,
  CommanderError,
  InvalidArgumentError,
  Option,
} from 'commander'
import type { ListOrder } from '../api/api-context.js'
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/defaults.js'
import {
  SCENARIO_PRESETS,
  type Latency,
  type RateLimit,
  type ScenarioPreset,
} from '../schema/scenario.js'
import { CliError } from './cli-error.js'
import {
  collectScenario,
  parseFailRate,
  parseLatency,
  parseRateLimit,
} from './parse-traffic-flags.js'

/**
 * The command's name, as installed by the package's `bin` and printed in
 * help, errors and the banner.
 */
export const CLI_NAME = 'content-api-mock'

/** How requests are logged: a readable line, a JSON object per line, or not. */
export type LogFormat = 'pretty' | 'json' | 'off'

/**
 * What the command line asked for, checked and typed.
 */
export interface CliOptions {
  host: string
  port: number
  seed?: number
  fixtures?: string
  apiKey?: string
  projects?: number
  contents?: number
  assetTtl?: number
  listOrder?: ListOrder
  /** Allowed origins; absent means any. */
  corsOrigin?: string[]
  adminToken?: string
  handlers?: string
  watch: boolean
  log: LogFormat
  rateLimit?: RateLimit
  rateLimitAlgorithm?: 'fixed-window' | 'token-bucket'
  rateLimitHeaders?: 'ratelimit' | 'x-ratelimit'
  latency?: Latency
  failRate?: number
  scenario?: ScenarioPreset[]
  strict: boolean
  journalSize?: number
}

/**
 * The outcome of parsing: run with these options, or exit at once because
 * `--help` or `--version` has already been printed.
 */
export type ParsedArguments =
  { action: 'run'; options: CliOptions } | { action: 'exit'; exitCode: number }

/**
 * Parses the command-line arguments (without `node` and the script) with
 * commander, which prints `--help` and `--version` through `writeOut`.
 * @throws {CliError} for an unknown flag, a missing or invalid value, or
 * flags that cannot go together, with a message that names the flag.
 * @example
 * const parsed = parseArguments(['--port', '0', '--log', 'json'], (text) => process.stdout.write(text))
 * if (parsed.action === 'run') parsed.options.port // 0
 */
export function parseArguments(
  args: readonly string[],
  writeOut: (text: string) => void,
  version: string,
): ParsedArguments {
  const program = createProgram(version)
  program.configureOutput({
    writeOut,
    writeErr: writeOut,
    // @note Errors are thrown (exitOverride) and printed by the caller, as one
    // line with the CLI's prefix; commander's own error output is muted.
    outputError: () => {},
  })
  try {
    program.parse(args, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return { action: 'exit', exitCode: 0 }
      throw new CliError(
        `${formatCommanderMessage(error.message)} Run "${CLI_NAME} --help" to see every option.`,
      )
    }
    throw error
  }
  const values = program.opts<CliOptions>()
  const options: CliOptions = {
    ...values,
    watch: values.watch === true,
    strict: values.strict === true,
  }
  checkCombinations(options)
  return { action: 'run', options }
}

function createProgram(version: string): Command {
  return new Command(CLI_NAME)
    .description(
      'Serves a mock of the Content Project Read API on a local port: seeded demo data or your fixture file, real asset URLs, CORS and a control API under /__mock.',
    )
    .version(version, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .allowExcessArguments(false)
    .addOption(
      new Option('--host <address>', 'interface to listen on')
        .default(DEFAULT_HOST, DEFAULT_HOST)
        .argParser(parseNonEmpty('an address such as 127.0.0.1 or 0.0.0.0')),
    )
    .addOption(
      new Option('-p, --port <number>', 'port to listen on; 0 picks a free one')
        .default(DEFAULT_PORT)
        .argParser(parseInteger(0, 65_535)),
    )
    .addOption(
      new Option(
        '--seed <number>',
        'seed of the generated dataset; the same seed gives the same data (default: 1)',
      ).argParser(parseInteger(0, Number.MAX_SAFE_INTEGER)),
    )
    .addOption(
      new Option(
        '--projects <number>',
        'projects in the generated dataset (default: 8)',
      ).argParser(parseInteger(4, 100_000)),
    )
    .addOption(
      new Option(
        '--contents <number>',
        'contents in the generated dataset (default: 40)',
      ).argParser(parseInteger(0, 10_000_000)),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        'main API key of the generated dataset (default: demo-key-alpha)',
      ).argParser(parseApiKey),
    )
    .addOption(
      new Option(
        '-f, --fixtures <file>',
        'serve this fixture document (JSON) instead of generated data',
      ).argParser(parseNonEmpty('a path to a JSON file')),
    )
    .addOption(
      new Option(
        '-w, --watch',
        'reload the --fixtures file whenever it changes',
      ),
    )
    .addOption(
      new Option(
        '--asset-ttl <seconds>',
        'lifetime of issued asset URLs (default: 900)',
      ).argParser(parseInteger(1, 2_147_483_647)),
    )
    .addOption(
      new Option('--list-order <order>', 'order of list items by created_at')
        .choices(['newest-first', 'oldest-first'])
        .default('newest-first'),
    )
    .addOption(
      new Option(
        '--cors-origin <origin>',
        'allow only this browser origin; repeat it or separate origins with commas (default: any origin)',
      ).argParser(collectOrigins),
    )
    .addOption(
      new Option(
        '--admin-token <token>',
        'require "Authorization: Bearer <token>" on the control API under /__mock (default: open)',
      ).argParser(parseNonEmpty('a token')),
    )
    .addOption(
      new Option(
        '--handlers <file>',
        'ES module exporting your own msw handlers (as "handlers" or default), tried before the mock',
      ).argParser(parseNonEmpty('a path to a JavaScript module')),
    )
    .addOption(
      new Option(
        '--rate-limit <count/window>',
        'limit each API key to COUNT requests per WINDOW (s, m or h), e.g. 60/1m; 429 with Retry-After beyond it',
      ).argParser(parseRateLimit),
    )
    .addOption(
      new Option(
        '--rate-limit-algorithm <algorithm>',
        'how --rate-limit counts',
      )
        .choices(['fixed-window', 'token-bucket'])
        .default('fixed-window'),
    )
    .addOption(
      new Option(
        '--rate-limit-headers <style>',
        'RateLimit-* (seconds to reset) or X-RateLimit-* (epoch seconds) headers',
      )
        .choices(['ratelimit', 'x-ratelimit'])
        .default('ratelimit'),
    )
    .addOption(
      new Option(
        '--latency <ms>',
        'delay every API response: one number of milliseconds, or a range such as 50-200',
      ).argParser(parseLatency),
    )
    .addOption(
      new Option(
        '--fail-rate <share>',
        'answer this share of API requests with 500, from 0 to 1 (seeded by --seed)',
      ).argParser(parseFailRate),
    )
    .addOption(
      new Option(
        '--scenario <name>',
        `force a preset on every API request; repeatable (${SCENARIO_PRESETS.join(', ')})`,
      ).argParser(collectScenario),
    )
    .addOption(
      new Option('--strict', 'ignore the X-Mock-Scenario request header'),
    )
    .addOption(
      new Option(
        '--journal-size <number>',
        'requests kept by the journal at /__mock/requests (default: 1000)',
      ).argParser(parseInteger(1, 10_000_000)),
    )
    .addOption(
      new Option(
        '--log <format>',
        'request log on stdout, one line per request',
      )
        .choices(['pretty', 'json', 'off'])
        .default('pretty'),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ ${CLI_NAME}                                   demo data on http://127.0.0.1:4010
  $ ${CLI_NAME} --seed 7 --contents 500 --port 8080
  $ ${CLI_NAME} --fixtures fixtures.json --watch
  $ ${CLI_NAME} --port 0 --log json               a free port, JSON request log
  $ ${CLI_NAME} --rate-limit 3/1m --latency 50-200 --fail-rate 0.05

Exit codes: 0 after --help, --version or SIGINT/SIGTERM; 2 for a bad flag,
fixture file, handlers file or a port in use (nothing is served).`,
    )
}

function parseInteger(min: number, max: number) {
  const expected =
    max === Number.MAX_SAFE_INTEGER
      ? `Expected a whole number, ${min} or more.`
      : `Expected a whole number from ${min} to ${max}.`
  return (value: string): number => {
    const number = Number(value)
    if (
      !/^\d+$/.test(value) ||
      !Number.isSafeInteger(number) ||
      number < min ||
      number > max
    ) {
      throw new InvalidArgumentError(expected)
    }
    return number
  }
}

function parseNonEmpty(expected: string) {
  return (value: string): string => {
    if (value.trim() === '') {
      throw new InvalidArgumentError(`Expected ${expected}, got nothing.`)
    }
    return value
  }
}

function parseApiKey(value: string): string {
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidArgumentError(
      'Expected visible ASCII characters without spaces, as an HTTP header carries them.',
    )
  }
  return value
}

function collectOrigins(
  value: string,
  previous: string[] | undefined,
): string[] {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
  if (origins.length === 0) {
    throw new InvalidArgumentError(
      'Expected an origin such as http://localhost:3000, or * for any.',
    )
  }
  for (const origin of origins) {
    if (origin !== '*' && !isOrigin(origin)) {
      throw new InvalidArgumentError(
        `"${origin}" is not an origin. Expected scheme, host and optional port, such as http://localhost:3000, or * for any.`,
      )
    }
  }
  return [...(previous ?? []), ...origins]
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

function checkCombinations(options: CliOptions): void {
  if (options.fixtures !== undefined) {
    if (options.apiKey !== undefined) {
      throw new CliError(
        '--api-key sets the main key of the generated dataset and cannot be combined with --fixtures. Put the key into the fixture file\'s "api_keys" instead.',
      )
    }
    const generatorFlags = (['seed', 'projects', 'contents'] as const)
      .filter((name) => options[name] !== undefined)
      .map((name) => `--${name}`)
    if (generatorFlags.length > 0) {
      throw new CliError(
        `${generatorFlags.join(' and ')} shape${generatorFlags.length === 1 ? 's' : ''} the generated dataset and cannot be combined with --fixtures, which serves the file as written. Remove one or the other.`,
      )
    }
  } else if (options.watch) {
    throw new CliError(
      '--watch reloads the file given with --fixtures and has nothing to watch without it. Add --fixtures FILE, or remove --watch.',
    )
  }
}

/**
 * Turns commander's "error: option '--port <number>' argument 'x' is invalid.
 * Expected …" into one sentence without its "error: " prefix.
 */
function formatCommanderMessage(message: string): string {
  const sentence = message
    .replace(/^error:\s*/, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
  const capitalized = sentence.charAt(0).toUpperCase() + sentence.slice(1)
  return /[.?]$/.test(capitalized) ? capitalized : `${capitalized}.`
}
