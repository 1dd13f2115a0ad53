import { collectVariants } from './collect-variants.js'
import { VARIANT_NAMES, type VariantName } from '../schema/variants.js'
import {
  Command,
  CommanderError,
  InvalidArgumentError,
  Option,
} from 'commander'
import type { ListOrder } from '../api/api-context.js'
import { mainApiKeySchema } from '../data/main-api-key-schema.js'
import {
  describeIntegerRule,
  OPTION_RULES,
  TOKEN_EXPECTED,
  TOKEN_PATTERN,
  type IntegerOptionRule,
} from '../schema/option-rules.js'
import {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_STYLES,
  SCENARIO_PRESETS,
  type Latency,
  type RateLimit,
  type ScenarioPreset,
} from '../schema/scenario.js'
import { SERVER_OPTION_RULES } from '../server/connections/defaults.js'
import {
  ANY_HOST,
  parseAllowedHost,
} from '../server/host/parse-allowed-hosts.js'
import { parsePublicUrl } from '../server/host/parse-public-url.js'
import { parseUpstreamUrl } from '../server/upstream/parse-upstream-url.js'
import {
  TIMEOUT_RULES,
  type ServerTimeouts,
} from '../server/connections/server-timeouts.js'
import { CliError } from './cli-error.js'
import { parseWholeNumber } from './parse-whole-number.js'
import { readEnvironmentDefaults } from './read-environment-defaults.js'
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

/**
 * The subcommand that writes the demo as a static folder.
 * @example
 * if (args[0] === BUILD_DEMO_COMMAND) return runBuildDemo(args.slice(1), io)
 */
export const BUILD_DEMO_COMMAND = 'build-demo'

/**
 * The subcommand that checks a real service against the mock:
 * `content-api-mock verify --target URL --api-key KEY`.
 * @example
 * if (args[0] === VERIFY_COMMAND) return runVerify(args.slice(1), io)
 */
export const VERIFY_COMMAND = 'verify'

/**
 * The subcommand that records a real service into a fixture document.
 * @example
 * if (args[0] === RECORD_COMMAND) return runRecord(args.slice(1), io, version, log)
 */
export const RECORD_COMMAND = 'record'

/**
 * The value of `--admin-token` that leaves the control API open on purpose,
 * also when the server listens beyond loopback.
 * @example
 * const adminToken = options.adminToken === NO_ADMIN_TOKEN ? false : options.adminToken
 */
export const NO_ADMIN_TOKEN = 'none'

/** How requests are logged: a readable line, a JSON object per line, or not. */
export type LogFormat = 'pretty' | 'json' | 'off'

/**
 * What the command line asked for, checked and typed.
 */
export interface CliOptions extends Partial<ServerTimeouts> {
  host: string
  port: number
  /** Environment variables the host or port came from, e.g. `['PORT']`. */
  environment: string[]
  publicUrl?: string
  trustProxy: boolean
  seed?: number
  fixtures?: string
  apiKey?: string
  projects?: number
  contents?: number
  assetTtl?: number
  mediaDir?: string
  listOrder?: ListOrder
  /** Allowed origins; absent means any. */
  corsOrigin?: string[]
  /** The token, or `none` (`NO_ADMIN_TOKEN`) to leave the control API open. */
  adminToken?: string
  /** Hosts answered besides the defaults, or `all`. */
  allowedHosts?: string[] | typeof ANY_HOST
  handlers?: string
  watch: boolean
  log: LogFormat
  rateLimit?: RateLimit
  rateLimitAlgorithm?: (typeof RATE_LIMIT_ALGORITHMS)[number]
  rateLimitHeaders?: (typeof RATE_LIMIT_HEADER_STYLES)[number]
  latency?: Latency
  failRate?: number
  scenario?: ScenarioPreset[]
  variant?: VariantName[]
  strict: boolean
  journalSize?: number
  live: boolean
  speed?: number
  /** The real service's base URL (`--proxy`), checked. */
  proxy?: string
  /** Forward every API request (`--proxy-all`), not only unknown IDs. */
  proxyAll: boolean
  /** The fixture file `--record` adds the proxied answers to. */
  record?: string
}

/**
 * The outcome of parsing: run with these options, or exit at once because
 * `--help` or `--version` has already been printed.
 */
export type ParsedArguments =
  { action: 'run'; options: CliOptions } | { action: 'exit'; exitCode: number }

/**
 * Parses the command-line arguments (without `node` and the script) with
 * commander, which prints `--help` and `--version` through `writeOut`. The
 * host and port not given as flags come from `env` (`HOST`, `PORT`) if set.
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
  env: Readonly<Record<string, string | undefined>> = {},
): ParsedArguments {
  const program = createProgram(version)
  const parsed = runCommander(program, args, writeOut)
  if (parsed !== undefined) return parsed
  const values = program.opts<CliOptions>()
  const fromFlags = (name: string) =>
    program.getOptionValueSource(name) === 'cli'
  const options: CliOptions = {
    ...values,
    watch: values.watch === true,
    strict: values.strict === true,
    live: values.live === true,
    trustProxy: values.trustProxy === true,
    proxyAll: values.proxyAll === true,
    ...readEnvironmentDefaults(
      { host: fromFlags('host'), port: fromFlags('port') },
      env,
    ),
  }
  checkCombinations(options)
  checkProxyFlags(options)
  checkTimeouts(options)
  return { action: 'run', options }
}

/**
 * Parses `args` with a commander program; `{ action: 'exit' }` once it has
 * printed `--help` or `--version`, else `undefined` (read its values).
 * @throws {CliError} for any mistake commander finds, in one sentence.
 * @example
 * const exit = runCommander(program, args, (text) => process.stdout.write(text))
 */
export function runCommander(
  program: Command,
  args: readonly string[],
  writeOut: (text: string) => void,
): ParsedArguments | undefined {
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
        `${formatCommanderMessage(error.message)} Run "${program.name()} --help" to see every option.`,
      )
    }
    throw error
  }
  return undefined
}

function createProgram(version: string): Command {
  const { host, port } = SERVER_OPTION_RULES
  return new Command(CLI_NAME)
    .description(
      'Serves a mock of the Content Project Read API on a local port: seeded demo data or your fixture file, real asset URLs, CORS and a control API under /__mock.',
    )
    .version(version, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .allowExcessArguments(false)
    .addOption(
      new Option('--host <address>', host.summary)
        .default(host.default, `$${host.env}, else ${host.default}`)
        .argParser(parseNonEmpty('an address such as 127.0.0.1 or 0.0.0.0')),
    )
    .addOption(
      new Option('-p, --port <number>', port.summary)
        .default(port.default, `$${port.env}, else ${port.default}`)
        .argParser(parseInteger(port)),
    )
    .addOption(
      new Option(
        '--public-url <url>',
        'the URL clients reach the mock at through a proxy or platform, e.g. https://demo.example.com; links and asset URLs use it',
      ).argParser(urlFlag(parsePublicUrl)),
    )
    .addOption(
      new Option(
        '--trust-proxy',
        "build asset URLs from a reverse proxy's Forwarded and X-Forwarded-Proto/-Host headers (default: ignored)",
      ),
    )
    .addOption(
      integerOption(
        '--seed <number>',
        OPTION_RULES.seed,
        '; with --fixtures, of the draws only',
      ),
    )
    .addOption(integerOption('--projects <number>', OPTION_RULES.projects))
    .addOption(integerOption('--contents <number>', OPTION_RULES.contents))
    .addOption(
      new Option(
        '--api-key <key>',
        `${OPTION_RULES.apiKey.summary}${describeDefault(OPTION_RULES.apiKey.default)}`,
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
    .addOption(new Option('--live', OPTION_RULES.live.summary))
    .addOption(
      new Option(
        '--speed <factor>',
        `${OPTION_RULES.speed.summary}${describeDefault(OPTION_RULES.speed.default)}`,
      ).argParser(parseSpeed),
    )
    .addOption(integerOption('--asset-ttl <seconds>', OPTION_RULES.assetTtl))
    .addOption(
      new Option(
        '--media-dir <folder>',
        'serve the .jpg/.jpeg and .mp4 files of this folder behind the asset URLs, picked per movie_unique (default: title cards and sample clips)',
      ).argParser(parseNonEmpty('a path to a folder')),
    )
    .addOption(
      new Option('--list-order <order>', OPTION_RULES.listOrder.summary)
        .choices(OPTION_RULES.listOrder.choices)
        .default(OPTION_RULES.listOrder.default),
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
        `require "Authorization: Bearer <token>" on the control API under /__mock; ${NO_ADMIN_TOKEN} leaves it open (default: open on a loopback --host, else a token generated and printed in the banner)`,
      ).argParser(parseToken),
    )
    .addOption(
      new Option(
        '--allowed-hosts <hosts>',
        `Host headers to answer besides localhost, IP addresses and the --public-url host, e.g. mock or .example.com (and subdomains); repeat it or separate names with commas; ${ANY_HOST} for any (others: 403)`,
      ).argParser(collectAllowedHosts),
    )
    .addOption(
      new Option(
        '--handlers <file>',
        'ES module exporting your own msw handlers (as "handlers" or default), tried before the mock',
      ).argParser(parseNonEmpty('a path to a JavaScript module')),
    )
    .addOption(
      new Option(
        '--proxy <url>',
        "forward API requests naming a project or content ID the mock's data does not hold to the real service at this base URL, e.g. https://api.example.com/public-api/v1, with the caller's Authorization",
      ).argParser(urlFlag(parseUpstreamUrl)),
    )
    .addOption(
      new Option(
        '--proxy-all',
        'with --proxy: forward every API GET and HEAD, not only those naming unknown IDs',
      ),
    )
    .addOption(
      new Option(
        '--record <file>',
        'with --proxy: add the 200 answers that pass through to this fixture document (created, or added to when it exists)',
      ).argParser(parseNonEmpty('a path to a JSON file')),
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
        .choices(RATE_LIMIT_ALGORITHMS)
        .default(RATE_LIMIT_ALGORITHMS[0]),
    )
    .addOption(
      new Option(
        '--rate-limit-headers <style>',
        'RateLimit-* (seconds to reset) or X-RateLimit-* (epoch seconds) headers',
      )
        .choices(RATE_LIMIT_HEADER_STYLES)
        .default(RATE_LIMIT_HEADER_STYLES[0]),
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
        'answer this share of API requests with 500, from 0 to 1 (drawn from --seed, also with --fixtures)',
      ).argParser(parseFailRate),
    )
    .addOption(
      new Option(
        '--scenario <name>',
        `force a preset on every API request; repeatable (${SCENARIO_PRESETS.join(', ')})`,
      ).argParser(collectScenario),
    )
    .addOption(
      new Option(
        '--variant <names>',
        `serve variants of the real service, comma-separated; repeatable (${VARIANT_NAMES.join(', ')})`,
      ).argParser(collectVariants),
    )
    .addOption(
      new Option(
        '--strict',
        'ignore the X-Mock-Scenario and X-Mock-Variant request headers',
      ),
    )
    .addOption(
      integerOption(
        '--journal-size <number>',
        OPTION_RULES.journalSize,
        ' at /__mock/requests',
      ),
    )
    .addOption(
      integerOption('--headers-timeout <ms>', TIMEOUT_RULES.headersTimeout),
    )
    .addOption(
      integerOption('--request-timeout <ms>', TIMEOUT_RULES.requestTimeout),
    )
    .addOption(
      integerOption(
        '--keep-alive-timeout <ms>',
        TIMEOUT_RULES.keepAliveTimeout,
      ),
    )
    .addOption(integerOption('--idle-timeout <ms>', TIMEOUT_RULES.idleTimeout))
    .addOption(
      integerOption('--shutdown-timeout <ms>', TIMEOUT_RULES.shutdownTimeout),
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
  $ ${CLI_NAME}                                   demo data on http://127.0.0.1:${port.default}
  $ ${CLI_NAME} --seed 7 --contents 500 --port 8080
  $ ${CLI_NAME} --live --seed 7 --speed 10         a demo whose contents keep generating
  $ ${CLI_NAME} --fixtures fixtures.json --watch
  $ ${CLI_NAME} --fixtures fixtures.json --seed 7 --fail-rate 0.05
  $ ${CLI_NAME} --port 0 --log json               a free port, JSON request log
  $ ${CLI_NAME} --rate-limit 3/1m --latency 50-200 --fail-rate 0.05
  $ ${CLI_NAME} --host 0.0.0.0 --public-url https://demo.example.com
  $ ${CLI_NAME} --fixtures fixtures.json --proxy https://api.example.com/public-api/v1

Commands:
  ${BUILD_DEMO_COMMAND} <dir>   write the same demo as a static folder that needs no
                     server
  ${RECORD_COMMAND}             record a real service into a fixture document that
                     --fixtures serves
  ${VERIFY_COMMAND}             check a real service against the mock's schemas and
                     name the variants it calls for
  (${CLI_NAME} <command> --help lists a command's options)

Exit codes: 0 after --help, --version or SIGINT/SIGTERM; 2 for a bad flag,
PORT or HOST variable, fixture file, handlers file or a port in use (nothing
is served); 1 after a second SIGINT/SIGTERM, which exits at once.`,
    )
}

/**
 * The default of a flag that stays undefined when not given, in its help:
 * commander shows the defaults of only those flags it sets itself.
 */
function describeDefault(value: string | number): string {
  return ` (default: ${value})`
}

/**
 * A flag of an integer option: its help (summary and default) and its
 * parser (bounds) come from the option's rule. The value stays undefined
 * when the flag is not given, so that combinations can be checked.
 */
export function integerOption(
  flags: string,
  rule: IntegerOptionRule,
  note = '',
): Option {
  return new Option(
    flags,
    `${rule.summary}${note}${describeDefault(rule.default)}`,
  ).argParser(parseInteger(rule))
}

function parseInteger(rule: IntegerOptionRule) {
  const expected = `Expected ${describeIntegerRule(rule)}.`
  return (value: string): number => {
    const number = parseWholeNumber(value, rule)
    if (number === undefined) throw new InvalidArgumentError(expected)
    return number
  }
}

export function parseSpeed(value: string): number {
  const { min, max } = OPTION_RULES.speed
  const speed = Number(value)
  if (value.trim() === '' || !(speed >= min && speed <= max)) {
    throw new InvalidArgumentError(
      `Expected a number from ${min} to ${max}, such as 60 for an hour of mock time a minute.`,
    )
  }
  return speed
}

/**
 * The parser of a URL flag: the checked URL, or the check's problem as the
 * flag's error.
 */
function urlFlag(
  parse: (
    value: string,
  ) => { ok: true; url: string } | { ok: false; problem: string },
) {
  return (value: string): string => {
    const result = parse(value)
    if (!result.ok) {
      throw new InvalidArgumentError(
        `${result.problem.charAt(0).toUpperCase()}${result.problem.slice(1)}.`,
      )
    }
    return result.url
  }
}

/**
 * `--proxy-all` and `--record` say how proxy mode works, so they need
 * `--proxy`.
 */
function checkProxyFlags(
  options: Pick<CliOptions, 'proxy' | 'proxyAll' | 'record'>,
): void {
  if (options.proxy !== undefined) return
  if (options.proxyAll) {
    throw new CliError(
      '--proxy-all forwards every API request to the real service named with --proxy, and has nowhere to forward them without it. Add --proxy URL (e.g. --proxy https://api.example.com/public-api/v1), or remove --proxy-all.',
    )
  }
  if (options.record !== undefined) {
    throw new CliError(
      `--record ${options.record} records the answers proxy mode passes through, and nothing passes through without --proxy. Add --proxy URL, or remove --record (to record a whole service, run "${CLI_NAME} record").`,
    )
  }
}

export function parseNonEmpty(expected: string) {
  return (value: string): string => {
    if (value.trim() === '') {
      throw new InvalidArgumentError(`Expected ${expected}, got nothing.`)
    }
    return value
  }
}

function parseToken(value: string): string {
  if (!TOKEN_PATTERN.test(value)) {
    throw new InvalidArgumentError(`Expected ${TOKEN_EXPECTED}.`)
  }
  return value
}

function parseApiKey(value: string): string {
  const result = mainApiKeySchema.safeParse(value)
  if (!result.success) {
    const problem = result.error.issues[0]?.message ?? 'invalid'
    throw new InvalidArgumentError(
      `${problem.charAt(0).toUpperCase()}${problem.slice(1)}, or leave --api-key out to use ${OPTION_RULES.apiKey.default}.`,
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

function collectAllowedHosts(
  value: string,
  previous: string[] | typeof ANY_HOST | undefined,
): string[] | typeof ANY_HOST {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const all = entries.includes(ANY_HOST) || previous === ANY_HOST
  if (all && (entries.length > 1 || (previous ?? []).length > 0)) {
    throw new InvalidArgumentError(
      `${ANY_HOST} answers any Host and cannot be combined with host names. Give either ${ANY_HOST} or the names.`,
    )
  }
  if (all) return ANY_HOST
  if (entries.length === 0) {
    throw new InvalidArgumentError(
      `Expected a host name such as demo.example.com, or ${ANY_HOST} for any.`,
    )
  }
  const hosts = entries.map((entry) => {
    const result = parseAllowedHost(entry)
    if (!result.ok) throw new InvalidArgumentError(`${result.problem}.`)
    return result.host
  })
  return [...((previous as string[] | undefined) ?? []), ...hosts]
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

export function checkCombinations(
  options: Pick<CliOptions, 'fixtures' | 'live' | 'watch'> &
    Partial<Pick<CliOptions, 'apiKey' | 'projects' | 'contents'>>,
): void {
  if (options.fixtures !== undefined) {
    if (options.live) {
      throw new CliError(
        '--live makes the generated dataset generate over time and cannot be combined with --fixtures. Give the fixture file\'s contents a "timeline" instead, or remove one of the two.',
      )
    }
    if (options.apiKey !== undefined) {
      throw new CliError(
        '--api-key sets the main key of the generated dataset and cannot be combined with --fixtures. Put the key into the fixture file\'s "api_keys" instead.',
      )
    }
    const generatorFlags = (['projects', 'contents'] as const)
      .filter((name) => options[name] !== undefined)
      .map((name) => `--${name}`)
    if (generatorFlags.length > 0) {
      throw new CliError(
        `${generatorFlags.join(' and ')} shape${generatorFlags.length === 1 ? 's' : ''} the generated dataset and cannot be combined with --fixtures, which serves the file as written. Remove one or the other (--seed may stay: with --fixtures it seeds the random traffic draws only).`,
      )
    }
  } else if (options.watch) {
    throw new CliError(
      '--watch reloads the file given with --fixtures and has nothing to watch without it. Add --fixtures FILE, or remove --watch.',
    )
  }
}

function checkTimeouts(options: Partial<ServerTimeouts>): void {
  const { headersTimeout: headers, requestTimeout: request } = options
  if (headers !== undefined && request !== undefined && request !== 0) {
    if (headers > request) {
      throw new CliError(
        `--headers-timeout ${headers} is longer than --request-timeout ${request}, which includes the headers. Lower --headers-timeout or raise --request-timeout.`,
      )
    }
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
