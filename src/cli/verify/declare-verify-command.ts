import { createVerifyReport } from '../../contract/create-verify-report.js'
import { type CliCommand } from '../cli-command.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import { CliError } from '../cli-error.js'
import type { OptionValues } from '../options/cli-option-spec.js'
import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'
import { VERIFY_OPTION_TABLE, type VerifyOptions } from './verify-options.js'
import { writeFileAtomically } from '../files/write-file-atomically.js'

/** The exit code of `verify` when the service drifts from the mock. */
const DRIFT_EXIT_CODE = 1

/**
 * Declares `verify`: its options and its action, which asks the service
 * (`collectVerifyAnswers`), checks the answers (`createVerifyReport`) and
 * prints the table or the JSON report. Exit 0 when every answer matches
 * the mock's strict schema, 1 on drift.
 */
export function declareVerifyCommand(command: CliCommand): CliCommand {
  const name = `${CLI_NAME} ${command.name()}`
  return command
    .description(
      "Checks a real Content Project Read API against the mock: calls every endpoint (a sample of projects and contents) and the 401, 404 and 422 cases, compares each answer with the mock's strict and tolerant schemas, and names, for each difference, the variant that makes the mock behave the same way.",
    )
    .addOptionTable(VERIFY_OPTION_TABLE)
    .addHelpText(
      'after',
      `
Examples:
  $ ${name} --target https://api.example.com/public-api/v1 --api-key KEY
  $ ${ENVIRONMENT_VARIABLES.serviceApiKey.name}=KEY ${name} --target https://api.example.com/public-api/v1 --report json

Requests go one at a time; a 429 is waited out (Retry-After) and retried.

Exit codes: 0 when every answer matches the mock's strict schema; 1 on drift
(each kind names the --variant to test your client with); 2 for a bad flag, a
bad or unreachable target, or a key the service refuses.`,
    )
    .action(async (values: OptionValues<typeof VERIFY_OPTION_TABLE>) => {
      checkVerifyOptions(values)
      command.context.exitCode = await verify(values, command)
    })
}

function checkVerifyOptions(
  values: OptionValues<typeof VERIFY_OPTION_TABLE>,
): asserts values is VerifyOptions {
  if (values.target === undefined) {
    throw new CliError(
      `verify needs --target: the base URL of the service with its version prefix, such as https://api.example.com/public-api/v1.`,
    )
  }
  if (values.apiKey === undefined) {
    throw new CliError(
      `verify needs an API key of the service: pass --api-key KEY, or set ${ENVIRONMENT_VARIABLES.serviceApiKey.name}.`,
    )
  }
  if (values.reportFile !== undefined && values.report !== 'json') {
    throw new CliError(
      '--report-file writes the JSON report and needs --report json. Add --report json, or remove --report-file.',
    )
  }
}

async function verify(
  options: VerifyOptions,
  { context: { io } }: CliCommand,
): Promise<number> {
  const { collectVerifyAnswers } = await import('./collect-verify-answers.js')
  const { answers, sampled } = await collectVerifyAnswers(options)
  const report = createVerifyReport(answers)
  const exitCode = report.strict ? 0 : DRIFT_EXIT_CODE
  if (options.report === 'json') {
    // With --report-file, stdout still gets the table, for the CI log.
    const json = `${JSON.stringify({ target: options.target, exitCode, sampled, ...report }, null, 2)}\n`
    if (options.reportFile === undefined) io.stdout.write(json)
    else {
      await writeFileAtomically(options.reportFile, json).catch(
        (error: NodeJS.ErrnoException) => {
          throw new CliError(
            `Cannot write the report to ${options.reportFile}: ${error.code ?? error.message}. Give --report-file a path in a folder that exists and that you may write to.`,
          )
        },
      )
    }
  }
  if (options.report === 'table' || options.reportFile !== undefined) {
    const { formatVerifyTable } = await import('./format-verify-table.js')
    io.stdout.write(formatVerifyTable(report, options.target, sampled))
  }
  return exitCode
}
