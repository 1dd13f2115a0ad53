/** The exit code of every problem a user can fix: a bad flag or file, a port in use. */
export const USAGE_EXIT_CODE = 2

/**
 * A problem with what the user asked for, worded for the terminal: what
 * failed and how to fix it. The CLI prints its message on one line (a
 * `FixtureError` adds its issue lines) and exits with `USAGE_EXIT_CODE`.
 */
export class CliError extends Error {
  override name = 'CliError'
}
