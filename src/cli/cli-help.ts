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
    const serving = cmd.commands.find(
      (command) => (command as HelpedCommand).isDefault,
    )
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
   * @note No style hooks: this CLI's help has no colors.
   */
  override formatHelp(cmd: Command, helper: Help): string {
    const width = helper.padWidth(cmd, helper)
    const list = <Item>(
      heading: string,
      items: readonly Item[],
      describe: (item: Item) => [term: string, text: string],
    ) =>
      this.formatItemList(
        heading,
        items.map((item) => {
          const [term, text] = describe(item)
          return helper.formatItem(term, width, text, helper)
        }),
        helper,
      )
    const optionGroups = this.groupItems(
      [...cmd.options],
      helper.visibleOptions(cmd),
      (option) => option.helpGroupHeading ?? 'Options:',
    )
    const description = helper.commandDescription(cmd)
    return [
      `Usage: ${helper.commandUsage(cmd)}`,
      '',
      ...(description === ''
        ? []
        : [helper.boxWrap(description, helper.helpWidth ?? 80), '']),
      ...list('Arguments:', helper.visibleArguments(cmd), (item) => [
        helper.argumentTerm(item),
        helper.argumentDescription(item),
      ]),
      ...list('Commands:', helper.visibleCommands(cmd), (item) => [
        helper.subcommandTerm(item),
        helper.subcommandDescription(item),
      ]),
      ...[...optionGroups].flatMap(([heading, options]) =>
        list(heading, options, (item) => [
          helper.optionTerm(item),
          helper.optionDescription(item),
        ]),
      ),
      ...list('Environment:', readEnvironment(cmd), (variable) => [
        variable.name,
        this.describeVariable(cmd, variable),
      ]),
    ].join('\n')
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

function readEnvironment(command: Command): readonly EnvironmentVariable[] {
  return (command as HelpedCommand).environment ?? []
}
