import {
  Command,
  InvalidArgumentError,
  type Help,
  type Option,
} from 'commander'
import { findCloseMatch } from '../schema/find-close-match.js'
import {
  isOptionGiven,
  OPTION_COMBINATION_RULES,
} from '../schema/option-rules.js'
import { CliError } from './cli-error.js'
import { CliHelp } from './cli-help.js'
import type { OptionTable } from './options/cli-option-spec.js'
import { createCliOption } from './options/create-cli-option.js'
import type { EnvironmentVariable } from './options/environment-variables.js'
import type { CliLog } from './output/create-cli-log.js'
import type { CliIo } from './output/create-process-io.js'

/** What every command's action is given, and where it leaves its exit code. */
export interface CommandContext {
  io: CliIo
  log: CliLog
  version: string
  exitCode: number
}

/**
 * A commander command of this CLI. It reads `Option.env()` variables from
 * the CLI's io rather than `process.env` (so a test can hand it stand-ins),
 * turns every mistake commander finds into a `CliError` of one sentence with
 * the help hint, and words a conflict with the option-combination table.
 */
export class CliCommand extends Command {
  /** Set on `serve`, which runs when no command is named. */
  isDefault = false

  /** The environment variables the command reads, for its help. */
  readonly environment: EnvironmentVariable[] = []

  constructor(
    readonly context: CommandContext,
    name?: string,
  ) {
    super(name)
  }

  override createCommand(name?: string): CliCommand {
    return new CliCommand(this.context, name)
  }

  override createHelp(): Help {
    return new CliHelp()
  }

  /** Adds the options of `table`, and lists their variables in the help. */
  addOptionTable(table: OptionTable): this {
    for (const [name, spec] of Object.entries(table)) {
      this.addOption(createCliOption(name, spec))
      if (spec.env !== undefined) this.environment.push(spec.env)
    }
    return this
  }

  /** `content-api-mock` for the program and its default command, else `content-api-mock record`. */
  get commandPath(): string {
    const parent = this.parent as CliCommand | null
    if (parent === null) return this.name()
    return this.isDefault
      ? parent.commandPath
      : `${parent.commandPath} ${this.name()}`
  }

  override error(
    message: string,
    errorOptions?: { code?: string; exitCode?: number },
  ): never {
    if (errorOptions?.code === 'commander.excessArguments' && this.isDefault) {
      throw new CliError(this.describeUnknownCommand())
    }
    throw new CliError(
      `${formatCommanderMessage(message)} Run "${this.commandPath} --help" to see every option.`,
    )
  }

  /** A word where the default command takes none: most likely a command mistyped. */
  private describeUnknownCommand(): string {
    const word = this.args[this.registeredArguments.length] ?? ''
    const commands = this.parent!.commands.map((command) => command.name())
    if (commands.includes(word)) {
      return `The command '${word}' comes first, before any flag, e.g. "${this.commandPath} ${word} --help".`
    }
    const match = findCloseMatch(word, commands)
    return `Unknown command '${word}'${match === undefined ? '' : ` (Did you mean ${match}?)`}: the commands are ${commands.join(', ')}, and serving (the default) takes no argument. Run "${this.commandPath} --help" to see every option.`
  }

  /**
   * Commander's (undocumented) step that checks `.conflicts()`: the
   * `conflicts` rules of the option-combination table instead, at the same
   * point of the parse (before unknown options and excess arguments).
   */
  _checkForConflictingOptions(): void {
    this.checkRules('conflicts')
  }

  /**
   * @throws {CliError} with the rule's line for an option given with one it
   * conflicts with, or without the one it requires.
   */
  checkRules(kind: 'conflicts' | 'requires'): void {
    const given = this.opts()
    const isOwn = (key: string) =>
      this.options.some((option) => option.attributeName() === key)
    for (const rule of OPTION_COMBINATION_RULES) {
      if (rule.kind !== kind || !isOwn(rule.option)) continue
      const otherGiven = isOptionGiven(given[rule.other])
      const broken = kind === 'conflicts' ? otherGiven : !otherGiven
      if (isOptionGiven(given[rule.option]) && broken) {
        throw new CliError(rule.cli(given, this.readVariableNames()))
      }
    }
  }

  /**
   * Commander reads `Option.env()` variables from `process.env` in this
   * (undocumented) step; this reads the io's instead, counts an empty
   * variable as unset, and names the variable when its value is unusable.
   */
  _parseOptionsEnv(): void {
    const env = this.context.io.env
    for (const option of this.options) {
      const name = option.envVar
      const text = name === undefined ? undefined : env[name]
      const key = option.attributeName()
      if (text === undefined || text === '') continue
      if (this.getOptionValueSource(key) === 'cli') continue
      let value: unknown = text
      try {
        if (option.parseArg !== undefined)
          value = option.parseArg(text, undefined)
      } catch (error) {
        if (!(error instanceof InvalidArgumentError)) throw error
        throw new CliError(this.describeBadVariable(option, name!, text, error))
      }
      this.setOptionValueWithSource(key, value, 'env')
    }
  }

  private describeBadVariable(
    option: Option,
    name: string,
    text: string,
    error: Error,
  ): string {
    const variable = this.environment.find((entry) => entry.name === name)
    const expected =
      variable?.expected ??
      error.message.replace(/^Expected /, '').replace(/\.$/, '')
    const value =
      variable?.secret === true ? 'is invalid' : `is ${JSON.stringify(text)}`
    return `The environment variable ${name} ${value}; expected ${expected}. Fix or unset ${name}, or pass ${option.long}, which wins over it.`
  }

  private readVariableNames(): Record<string, string> {
    return Object.fromEntries(
      this.options.flatMap((option) =>
        option.envVar === undefined
          ? []
          : [[option.attributeName(), option.envVar]],
      ),
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
