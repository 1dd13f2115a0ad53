import { Command, InvalidArgumentError, Option } from 'commander'
import { resolve } from 'node:path'
import { OPTION_RULES, type IntegerOptionRule } from '../schema/option-rules.js'
import { CliError } from './cli-error.js'
import {
  CLI_NAME,
  integerOption,
  parseNonEmpty,
  RECORD_COMMAND,
  runCommander,
} from './parse-arguments.js'
import {
  parseServiceApiKey,
  parseTargetFlag,
  SERVICE_API_KEY_ENV,
} from './parse-service-flags.js'
import { POLITE_CLIENT_DEFAULTS } from './crawl/polite-client-defaults.js'

/**
 * The bounds and defaults of `record`'s pace flags (the defaults are the
 * polite client's).
 */
export const RECORD_OPTION_RULES = {
  concurrency: {
    min: 1,
    max: 64,
    default: POLITE_CLIENT_DEFAULTS.concurrency,
    summary: 'requests in flight at once',
  },
  rate: {
    min: 0.1,
    max: 1000,
    default: POLITE_CLIENT_DEFAULTS.rate,
    summary: 'requests started per second, retries included, spread evenly',
  },
} as const

/**
 * What `content-api-mock record` was asked for, checked and typed.
 */
export interface RecordOptions {
  /** The service's base URL with its version prefix, without a trailing `/`. */
  target: string
  apiKey: string
  /** The fixture document to write. */
  out: string
  anonymize: boolean
  /** The seed of `--anonymize`'s fake words. */
  seed: number
  mediaDir?: string
  concurrency: number
  rate: number
}

/**
 * Parses the arguments after `record`, as `parseArguments` does the
 * server's; the key comes from `--api-key`, else from `$CONTENT_API_KEY`.
 * @throws {CliError} for an unknown flag, a bad URL or value, or no key.
 * @example
 * const parsed = parseRecordArguments(['--target', url, '--out', 'rec.json'], write, '1.0.0', process.env)
 * if (parsed.action === 'record') parsed.options.rate // 10
 */
export function parseRecordArguments(
  args: readonly string[],
  writeOut: (text: string) => void,
  version: string,
  env: Readonly<Record<string, string | undefined>> = {},
):
  | { action: 'record'; options: RecordOptions }
  | { action: 'exit'; exitCode: number } {
  const program = createRecordProgram(version)
  const exit = runCommander(program, args, writeOut)
  if (exit?.action === 'exit') return exit
  const values = program.opts<Partial<RecordOptions>>()
  const help = `Run "${program.name()} --help" to see every option.`
  if (values.target === undefined) {
    throw new CliError(
      `record needs --target: the base URL of the service with its version prefix, such as https://api.example.com/public-api/v1. ${help}`,
    )
  }
  if (values.out === undefined) {
    throw new CliError(
      `record needs --out: the fixture file to write, such as --out recording.json. ${help}`,
    )
  }
  // @note Checked before anything is asked or written: the media folder
  // would be created where the file is to go, and the recording lost.
  if (
    values.mediaDir !== undefined &&
    resolve(values.mediaDir) === resolve(values.out)
  ) {
    throw new CliError(
      `--media-dir ${values.mediaDir} is the path of --out, the fixture file to write. Give the media a folder of their own, such as --media-dir media.`,
    )
  }
  let apiKey = values.apiKey
  if (apiKey === undefined) {
    const fromEnv = env[SERVICE_API_KEY_ENV]
    if (fromEnv === undefined || fromEnv === '') {
      throw new CliError(
        `record needs an API key of the service: set $${SERVICE_API_KEY_ENV} (kept out of shell history), or pass --api-key KEY.`,
      )
    }
    try {
      apiKey = parseServiceApiKey(fromEnv)
    } catch (error) {
      throw new CliError(
        `The variable ${SERVICE_API_KEY_ENV} is invalid. ${(error as Error).message}`,
      )
    }
  }
  return {
    action: 'record',
    options: {
      target: values.target,
      apiKey,
      out: values.out,
      anonymize: values.anonymize === true,
      seed: values.seed ?? OPTION_RULES.seed.default,
      ...(values.mediaDir === undefined ? {} : { mediaDir: values.mediaDir }),
      concurrency:
        values.concurrency ?? RECORD_OPTION_RULES.concurrency.default,
      rate: values.rate ?? RECORD_OPTION_RULES.rate.default,
    },
  }
}

function createRecordProgram(version: string): Command {
  const name = `${CLI_NAME} ${RECORD_COMMAND}`
  const { concurrency, rate } = RECORD_OPTION_RULES
  return new Command(name)
    .description(
      "Records a real Content Project Read API into a fixture document that --fixtures serves: every project, its contents and each content's detail, with what the service sends off the spec kept and listed. A polite crawler: capped concurrency and rate, Retry-After honoured, failures retried and reported.",
    )
    .version(version, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .allowExcessArguments(false)
    .addOption(
      new Option(
        '--target <url>',
        'the base URL of the service with its version prefix (a bare origin gets /public-api/v1)',
      ).argParser(parseTargetFlag),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        `an API key of the service (default: $${SERVICE_API_KEY_ENV}); it is never written to the file`,
      ).argParser(parseServiceApiKey),
    )
    .addOption(
      new Option(
        '-o, --out <file>',
        'the fixture document to write (replaced whole, only once the recording is done)',
      ).argParser(parseNonEmpty('a path to a JSON file to write')),
    )
    .addOption(
      new Option(
        '--anonymize',
        'replace titles, descriptions and URLs with seeded fake ones; IDs, structure, counts and timestamps stay',
      ),
    )
    .addOption(
      integerOption('--seed <number>', {
        ...OPTION_RULES.seed,
        summary: 'seed of the fake words of --anonymize',
      }),
    )
    .addOption(
      new Option(
        '--media-dir <folder>',
        "also download each thumbnail and video, right after its detail, into this folder (created if missing), as <movie_unique>.jpg and .mp4 for the server's --media-dir",
      ).argParser(parseNonEmpty('a path to a folder')),
    )
    .addOption(integerOption('--concurrency <number>', concurrency))
    .addOption(
      new Option(
        '--rate <per-second>',
        `${rate.summary} (default: ${rate.default})`,
      ).argParser(parseRate(rate)),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ export ${SERVICE_API_KEY_ENV}=...            the key, kept out of shell history
  $ ${name} --target https://api.example.com/public-api/v1 --out recording.json
  $ ${name} --target https://api.example.com/public-api/v1 --out shareable.json --anonymize
  $ ${name} --target https://api.example.com/public-api/v1 --out rec.json --media-dir media --rate 2
  $ ${CLI_NAME} --fixtures recording.json --media-dir media

The document's key is demo-key-recorded; it sees everything recorded.

Exit codes: 0 when the file is written (what could not be fetched is listed);
2 for a bad flag, an unreachable service or a refused key (nothing is written);
1 for an unexpected error.`,
    )
}

function parseRate(rule: Omit<IntegerOptionRule, 'summary'>) {
  return (value: string): number => {
    const number = Number(value)
    if (value.trim() === '' || !(number >= rule.min && number <= rule.max)) {
      throw new InvalidArgumentError(
        `Expected a number from ${rule.min} to ${rule.max}, such as 2 for two requests a second.`,
      )
    }
    return number
  }
}
