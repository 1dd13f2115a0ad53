import { CommanderError } from 'commander'
import { FixtureError } from '../data/fixture-error.js'
import { OptionsError } from '../schema/options-error.js'
import { FleetError } from '../server/fleet/fleet-options.js'
import { CliCommand, type CommandContext } from './cli-command.js'
import { CliError, USAGE_EXIT_CODE } from './cli-error.js'
import { ENVIRONMENT_VARIABLES } from './options/environment-variables.js'
import {
  declareServeCommand,
  SERVE_DESCRIPTION,
  SERVE_HELP_AFTER,
} from './serve/declare-serve-command.js'
import { CLI_NAME, createCliLog } from './output/create-cli-log.js'
import { createProcessIo, type CliIo } from './output/create-process-io.js'
import { readPackageVersion } from './read-package-version.js'

type Declare = (command: CliCommand) => CliCommand

/**
 * The commands besides `serve`: named in the help at once, their modules
 * loaded only when one runs, so that serving starts no slower for them.
 */
const LAZY_COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<Declare> }
> = {
  'build-demo': {
    summary: 'write the same demo as a static folder that needs no server',
    load: async () =>
      (await import('./build-demo/declare-build-demo-command.js'))
        .declareBuildDemoCommand,
  },
  record: {
    summary:
      'record a real service into a fixture document that --fixtures serves',
    load: async () =>
      (await import('./record/declare-record-command.js')).declareRecordCommand,
  },
  verify: {
    summary:
      "check a real service against the mock's schemas and name the variants it calls for",
    load: async () =>
      (await import('./verify/declare-verify-command.js')).declareVerifyCommand,
  },
}

// @note The CLI checks every flag before it starts the server, so an
// `OptionsError` means a check the CLI lacks: still the user's to fix.
const USER_ERRORS = [CliError, FixtureError, OptionsError, FleetError]

/**
 * Runs the `content-api-mock` command line: `serve` (the default), `record`,
 * `verify` or `build-demo`. Resolves with the exit code: the command's own
 * (0 after `--help`, `--version` or a stop signal); 2 for a mistake of the
 * user's, said in one line on stderr with the CLI's prefix; 1 for a bug,
 * printed with its stack and a plea to report it.
 */
export async function runCli(
  args: readonly string[],
  io: CliIo = createProcessIo(),
): Promise<number> {
  const context: CommandContext = {
    io,
    log: createCliLog((text) => io.stderr.write(text)),
    version: readPackageVersion(),
    exitCode: 0,
  }
  try {
    await createProgram(context).parseAsync(args, { from: 'user' })
    return context.exitCode
  } catch (error) {
    // --help and --version end the parse this way, after printing.
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : USAGE_EXIT_CODE
    }
    if (USER_ERRORS.some((kind) => error instanceof kind)) {
      context.log.error((error as Error).message)
      return USAGE_EXIT_CODE
    }
    io.stderr.write(
      `${CLI_NAME}: unexpected error; please report it with the command you ran:\n${(error as Error).stack ?? String(error)}\n`,
    )
    return 1
  }
}

function createProgram(context: CommandContext): CliCommand {
  const { io, version } = context
  const withVersion = (command: CliCommand) =>
    command.version(version, '-v, --version', 'print the version and exit')
  const program = withVersion(
    new CliCommand(context, CLI_NAME)
      .description(SERVE_DESCRIPTION)
      .configureOutput({
        writeOut: (text) => io.stdout.write(text),
        writeErr: (text) => io.stderr.write(text),
      })
      .helpOption('-h, --help', 'print this help and exit')
      // `<command> --help` it is: a help command would print a lazy
      // command's help before its options are declared.
      .helpCommand(false)
      .exitOverride()
      .addHelpText(
        'after',
        `${SERVE_HELP_AFTER}\n\n(${CLI_NAME} <command> --help lists a command's options)`,
      ),
  )
  program.environment.push(...Object.values(ENVIRONMENT_VARIABLES))
  const serve = program.command('serve', { isDefault: true })
  serve.isDefault = true
  declareServeCommand(withVersion(serve))
  for (const [name, { summary }] of Object.entries(LAZY_COMMANDS)) {
    withVersion(program.command(name).summary(summary))
  }
  return program
    .hook('preSubcommand', async (_program, command) => {
      const lazy = LAZY_COMMANDS[command.name()]
      if (lazy !== undefined) (await lazy.load())(command as CliCommand)
    })
    .hook('preAction', (_program, command) => {
      ;(command as CliCommand).checkRules('requires')
    })
}
