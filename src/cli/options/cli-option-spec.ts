import type { EnvironmentVariable } from './environment-variables.js'

/** The headings of the help's groups of options, in the order the help shows them. */
export const HELP_GROUPS = {
  common: 'Options:',
  traffic: 'Traffic: how the mock misbehaves (docs/traffic-shaping.md):',
  data: 'Data: what it serves:',
  server: 'Server: who may call it, the control API, timeouts:',
  fleet: 'Fleet: replicas sharing state (docs/replicas.md):',
  service: 'Proxy mode: the real service behind the mock:',
} as const

/**
 * One option of a command, as one row of its option table. The table's key
 * is the option's name as the command's values spell it (camelCase); the
 * flag is that name in kebab-case (`mediaDir` is `--media-dir`).
 */
export interface CliOptionSpec {
  readonly short?: string
  /** The value's name in the help, e.g. `number` for `--port <number>`; absent for a switch. */
  readonly value?: string
  /** A switch that is on unless `--no-<flag>` is given (`clientReport` is `--no-client-report`). */
  readonly negated?: true
  /** `common` when absent. */
  readonly group?: keyof typeof HELP_GROUPS
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

/** What a row gives: its parser's result, one of its choices, a text, or a switch's boolean. */
type OptionValue<Spec> = Spec extends {
  parse: (...args: never[]) => infer Value
}
  ? Value
  : Spec extends { choices: readonly (infer Choice)[] }
    ? Choice
    : Spec extends { value: string }
      ? string
      : boolean

/** The values commander gives a command's action for its table: unset where a row has no default. */
export type OptionValues<Table extends OptionTable> = {
  -readonly [Name in keyof Table]?: OptionValue<Table[Name]>
} & {
  -readonly [
    Name in keyof Table as Table[Name] extends { default: unknown }
      ? Name
      : never
  ]-?: OptionValue<Table[Name]>
}

/** `rows`, each listed in the help under `group`. */
export function inHelpGroup<const Rows extends OptionTable>(
  group: keyof typeof HELP_GROUPS,
  rows: Rows,
): {
  readonly [Name in keyof Rows]: Rows[Name] & { readonly group: typeof group }
} {
  return Object.fromEntries(
    Object.entries(rows).map(([name, row]) => [name, { ...row, group }]),
  ) as never
}
