import { Command, Option } from 'commander'
import type { IntegerOptionRule } from '../schema/option-rules.js'
import { CliError } from './cli-error.js'
import {
  CLI_NAME,
  integerOption,
  parseNonEmpty,
  runCommander,
  VERIFY_COMMAND,
} from './parse-arguments.js'
import {
  parseServiceApiKey,
  parseTargetFlag,
  SERVICE_API_KEY_ENV,
} from './parse-service-flags.js'

/**
 * The bounds and defaults of `verify`'s sampling and timeout flags.
 * @note A sample, not a crawl: verify checks the shape of answers, which a
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

/**
 * Parses the arguments after `verify`, as `parseArguments` does the
 * server's; the key comes from `--api-key`, else from `CONTENT_API_KEY`.
 * @throws {CliError} for an unknown flag, a bad URL or value, or no key.
 * @example
 * const parsed = parseVerifyArguments(['--target', 'https://api.example.com/public-api/v1'], write, '1.0.0', process.env)
 * if (parsed.action === 'verify') parsed.options.maxProjects // 3
 */
export function parseVerifyArguments(
  args: readonly string[],
  writeOut: (text: string) => void,
  version: string,
  env: Readonly<Record<string, string | undefined>> = {},
):
  | { action: 'verify'; options: VerifyOptions }
  | { action: 'exit'; exitCode: number } {
  const program = createVerifyProgram(version)
  const exit = runCommander(program, args, writeOut)
  if (exit?.action === 'exit') return exit
  const values = program.opts<Partial<VerifyOptions>>()
  if (values.target === undefined) {
    throw new CliError(
      `verify needs --target: the base URL of the service with its version prefix, such as https://api.example.com/public-api/v1.`,
    )
  }
  const apiKey = values.apiKey ?? env[SERVICE_API_KEY_ENV]
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new CliError(
      `verify needs an API key of the service: pass --api-key KEY, or set ${SERVICE_API_KEY_ENV}.`,
    )
  }
  if (values.reportFile !== undefined && values.report !== 'json') {
    throw new CliError(
      '--report-file writes the JSON report and needs --report json. Add --report json, or remove --report-file.',
    )
  }
  const { maxProjects, maxContents, timeout } = VERIFY_OPTION_RULES
  return {
    action: 'verify',
    options: {
      target: values.target,
      apiKey: apiKey.trim(),
      report: values.report ?? 'table',
      ...(values.reportFile === undefined
        ? {}
        : { reportFile: values.reportFile }),
      maxProjects: values.maxProjects ?? maxProjects.default,
      maxContents: values.maxContents ?? maxContents.default,
      timeout: values.timeout ?? timeout.default,
    },
  }
}

function createVerifyProgram(version: string): Command {
  const name = `${CLI_NAME} ${VERIFY_COMMAND}`
  const rules = VERIFY_OPTION_RULES
  return new Command(name)
    .description(
      "Checks a real Content Project Read API against the mock: calls every endpoint (a sample of projects and contents) and the 401, 404 and 422 cases, compares each answer with the mock's strict and tolerant schemas, and names, for each difference, the variant that makes the mock behave the same way.",
    )
    .version(version, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .allowExcessArguments(false)
    .addOption(
      new Option(
        '--target <url>',
        "the service's base URL with its version prefix (required)",
      ).argParser(parseTargetFlag),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        `an API key of the service (default: $${SERVICE_API_KEY_ENV})`,
      ).argParser(parseServiceApiKey),
    )
    .addOption(
      new Option('--report <format>', 'table for people, json for CI')
        .choices(['table', 'json'])
        .default('table'),
    )
    .addOption(
      new Option(
        '--report-file <file>',
        'write the JSON report to this file instead of stdout (with --report json)',
      ).argParser(parseNonEmpty('a path to write the report to')),
    )
    .addOption(integerOption('--max-projects <n>', rules.maxProjects))
    .addOption(integerOption('--max-contents <n>', rules.maxContents))
    .addOption(integerOption('--timeout <ms>', rules.timeout))
    .addHelpText(
      'after',
      `
Examples:
  $ ${name} --target https://api.example.com/public-api/v1 --api-key KEY
  $ ${SERVICE_API_KEY_ENV}=KEY ${name} --target https://api.example.com/public-api/v1 --report json

Requests go one at a time; a 429 is waited out (Retry-After) and retried.

Exit codes: 0 when every answer matches the mock's strict schema; 1 on drift
(each kind names the --variant to test your client with); 2 for a bad flag, a
bad or unreachable target, or a key the service refuses.`,
    )
}
