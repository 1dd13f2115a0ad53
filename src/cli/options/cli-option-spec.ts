import type { EnvironmentVariable } from './environment-variables.js'

/**
 * The headings of the help's groups of options, in the order the help
 * shows them: what most runs need first, then by subject.
 */
export const HELP_GROUPS = {
  common: 'Options:',
  traffic: 'Traffic: how the mock misbehaves (docs/traffic-shaping.md):',
  data: 'Data: what it serves:',
  server: 'Server: who may call it, the control API, timeouts:',
  fleet: 'Fleet: replicas sharing state (docs/replicas.md):',
  service: 'Proxy mode: the real service behind the mock:',
} as const

/** The help group an option is listed in. */
export type HelpGroup = keyof typeof HELP_GROUPS

/**
 * One option of a command, as one row of its option table: everything the
 * command, its parser and its help know about the option. The table's key
 * is the option's name as the command's values spell it (camelCase); the
 * flag is that name in kebab-case (`mediaDir` is `--media-dir`).
 */
export interface CliOptionSpec {
  /** The one-letter alias, e.g. `p` for `-p`. */
  readonly short?: string
  /** The value's name in the help, e.g. `number` for `--port <number>`; absent for a switch. */
  readonly value?: string
  /**
   * A switch that is on unless `--no-<flag>` is given (`clientReport` is
   * `--no-client-report`); only for a switch, without `value`.
   */
  readonly negated?: true
  /** Where the help lists it; `common` when absent. */
  readonly group?: HelpGroup
  /** What it does, in one line of help. */
  readonly help: string
  /** The value set when neither the flag nor its variable is given. */
  readonly default?: string | number
  /**
   * The default the help shows, for an option whose value stays unset when
   * not given (so that combinations can be checked, and the mock decides).
   */
  readonly shownDefault?: string | number
  readonly choices?: readonly string[]
  /**
   * Reads the flag's text (and, for a repeatable flag, its value so far);
   * throws commander's `InvalidArgumentError` with what it expected.
   */
  readonly parse?: (text: string, previous: never) => unknown
  /** The variable read when the flag is not given; an empty one counts as unset. */
  readonly env?: EnvironmentVariable
}

/** The options of a command, by name, in the order its help lists them. */
export type OptionTable = Readonly<Record<string, CliOptionSpec>>
