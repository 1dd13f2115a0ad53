import { Help, type Command, type Option } from 'commander'
import type { EnvironmentVariable } from './options/environment-variables.js'

/** What the help reads of a `CliCommand` besides commander's (no import: it would be a circle). */
interface HelpedCommand extends Command {
  isDefault?: boolean
  environment?: readonly EnvironmentVariable[]
}

/**
 * The help of this CLI: the program's help lists its default command's
 * options (`content-api-mock --help` shows how to serve, as before there
 * were commands), `--version` and `--help` close the first group, each
 * option's variable shows in its default (`$PORT, else 4010`, see
 * `createCliOption`) rather than again as commander's "env: PORT", and
 * the variables a command reads are listed after its options.
 */
export class CliHelp extends Help {
  override visibleOptions(cmd: Command): Option[] {
    const serving = cmd.commands.find(isDefaultCommand)
    const options = super.visibleOptions(serving ?? cmd)
    const isOwn = (option: Option) =>
      option.long !== '--help' && option.long !== '--version'
    return [
      ...options.filter(isOwn),
      ...options.filter((option) => !isOwn(option)),
    ]
  }

  override optionDescription(option: Option): string {
    return super.optionDescription(
      option.envVar === undefined
        ? option
        : Object.assign(Object.create(option) as Option, { envVar: undefined }),
    )
  }

  override padWidth(cmd: Command, helper: Help): number {
    const names = readEnvironment(cmd).map((variable) => variable.name.length)
    return Math.max(super.padWidth(cmd, helper), ...names)
  }

  /**
   * Usage and description, then the commands (before the many options, so
   * that a reader sees them at once), the groups of options, the variables
   * the command reads, and what `addHelpText` adds (examples, exit codes).
   */
  override formatHelp(cmd: Command, helper: Help): string {
    const width = helper.padWidth(cmd, helper)
    const list = (heading: string, rows: Array<[string, string]>) =>
      this.formatItemList(
        heading,
        rows.map(([term, text]) =>
          helper.formatItem(term, width, text, helper),
        ),
        helper,
      )
    const optionGroups = this.groupItems(
      [...cmd.options],
      helper.visibleOptions(cmd),
      (option) => option.helpGroupHeading ?? 'Options:',
    )
    return [
      ...this.formatHead(cmd, helper),
      ...list(
        'Arguments:',
        helper
          .visibleArguments(cmd)
          .map((argument) => [
            helper.styleArgumentTerm(helper.argumentTerm(argument)),
            helper.styleArgumentDescription(
              helper.argumentDescription(argument),
            ),
          ]),
      ),
      ...list(
        'Commands:',
        helper
          .visibleCommands(cmd)
          .map((command) => [
            helper.styleSubcommandTerm(helper.subcommandTerm(command)),
            helper.styleSubcommandDescription(
              helper.subcommandDescription(command),
            ),
          ]),
      ),
      ...[...optionGroups].flatMap(([heading, options]) =>
        list(
          heading,
          options.map((option) => [
            helper.styleOptionTerm(helper.optionTerm(option)),
            helper.styleOptionDescription(helper.optionDescription(option)),
          ]),
        ),
      ),
      ...list(
        'Environment:',
        readEnvironment(cmd).map((variable) => [
          helper.styleOptionTerm(variable.name),
          helper.styleOptionDescription(this.describeVariable(cmd, variable)),
        ]),
      ),
    ].join('\n')
  }

  private formatHead(cmd: Command, helper: Help): string[] {
    const usage = `${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`
    const description = helper.commandDescription(cmd)
    if (description === '') return [usage, '']
    const wrapped = helper.boxWrap(
      helper.styleCommandDescription(description),
      helper.helpWidth ?? 80,
    )
    return [usage, '', wrapped, '']
  }

  private describeVariable(cmd: Command, variable: EnvironmentVariable) {
    const option = this.visibleOptions(cmd).find(
      (candidate) => candidate.envVar === variable.name,
    )
    return option?.long === undefined
      ? variable.summary
      : `${variable.summary} (${option.long} wins)`
  }
}

function isDefaultCommand(command: Command): boolean {
  return (command as HelpedCommand).isDefault === true
}

function readEnvironment(command: Command): readonly EnvironmentVariable[] {
  return (command as HelpedCommand).environment ?? []
}
