import { SERVER_OPTION_RULES } from '../../server/connections/defaults.js'
import type { ServerTimeouts } from '../../server/connections/server-timeouts.js'
import type { CliCommand } from '../cli-command.js'
import { CliError } from '../cli-error.js'
import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import { serveMock } from './serve-mock.js'
import { SERVE_OPTION_TABLE, type ServeOptions } from './serve-option-table.js'

const { host, port } = SERVER_OPTION_RULES

/** What the program's and `serve`'s help end with: examples that fit one screen, exit codes. */
export const SERVE_HELP_AFTER = `
Examples:
  $ ${CLI_NAME}                         demo data on http://${host.default}:${port.default}
  $ ${CLI_NAME} --seed 7 --contents 500 --port 8080
  $ ${CLI_NAME} --live --speed 10       contents that keep generating
  $ ${CLI_NAME} --fixtures fixtures.json --watch
  $ ${CLI_NAME} --rate-limit 3/1m --latency 50-200 --fail-rate 0.05
  $ ${CLI_NAME} --host 0.0.0.0 --public-url https://demo.example.com
  $ ${CLI_NAME} --fixtures fixtures.json --proxy https://api.example.com/public-api/v1

Exit codes: 0 after --help, --version or SIGINT/SIGTERM; 2 for a bad flag or
variable, fixture file, handlers file or a port in use (nothing is served);
1 after a second SIGINT/SIGTERM, which exits at once.`

export const SERVE_DESCRIPTION =
  'Serves a mock of the Content Project Read API on a local port: seeded demo data or your fixture file, real asset URLs, CORS and a control API under /__mock.'

export function declareServeCommand(command: CliCommand): CliCommand {
  command
    .description(SERVE_DESCRIPTION)
    .summary('serve the mock on a local port (the default command)')
    .addOptionTable(SERVE_OPTION_TABLE)
  // After the table's own variables, in the help's list of them.
  command.environment.push(ENVIRONMENT_VARIABLES.noColor)
  return command
    .addHelpText('after', SERVE_HELP_AFTER)
    .action(async (values: Omit<ServeOptions, 'environment'>) => {
      const options = { ...values, environment: readVariablesUsed(command) }
      checkTimeouts(options)
      command.context.exitCode = await serveMock(options, command.context)
    })
}

function readVariablesUsed(command: CliCommand): string[] {
  return command.options.flatMap((option) =>
    option.envVar !== undefined &&
    command.getOptionValueSource(option.attributeName()) === 'env'
      ? [option.envVar]
      : [],
  )
}

function checkTimeouts(options: Partial<ServerTimeouts>): void {
  const { headersTimeout: headers, requestTimeout: request } = options
  // A request timeout of 0 is none.
  if (request && headers !== undefined && headers > request) {
    throw new CliError(
      `--headers-timeout ${headers} is longer than --request-timeout ${request}, which includes the headers. Lower --headers-timeout or raise --request-timeout.`,
    )
  }
}
