import { Option } from 'commander'
import { HELP_GROUPS, type CliOptionSpec } from './cli-option-spec.js'

/**
 * The commander option of a row of an option table.
 * @throws {Error} when the name and the flag it gives disagree (a typo in a table).
 */
export function createCliOption(name: string, spec: CliOptionSpec): Option {
  const long = `--${spec.negated ? 'no-' : ''}${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
  const flags = `${spec.short === undefined ? '' : `-${spec.short}, `}${long}${spec.value === undefined ? '' : ` <${spec.value}>`}`
  const shown = describeDefault(spec)
  const option = new Option(
    flags,
    spec.default === undefined && shown !== undefined
      ? `${spec.help} (default: ${shown})`
      : spec.help,
  ).helpGroup(HELP_GROUPS[spec.group ?? 'common'])
  if (option.attributeName() !== name) {
    throw new Error(`The option ${flags} is named ${name} in its table.`)
  }
  // With a default the help shows as commander would, commander words it.
  if (spec.default !== undefined) {
    option.default(
      spec.default,
      shown === spec.default ? undefined : String(shown),
    )
  }
  if (spec.choices !== undefined) option.choices(spec.choices)
  if (spec.parse !== undefined) {
    option.argParser(spec.parse as (text: string, previous: unknown) => unknown)
  }
  if (spec.env !== undefined) option.env(spec.env.name)
  return option
}

/** The default as the help words it: `$PORT, else 4010` for an option with a variable. */
function describeDefault(spec: CliOptionSpec): string | number | undefined {
  const value = spec.shownDefault ?? spec.default
  if (spec.env === undefined) return value
  return value === undefined
    ? `$${spec.env.name}`
    : `$${spec.env.name}, else ${value}`
}
