import { CliError, USAGE_EXIT_CODE } from './cli-error.js'
import type { CliLog } from './create-cli-log.js'

/**
 * How a command (`build-demo`, `record`, `verify`) ends on an error: a
 * mistake of the user's (a `CliError`, or one of `alsoUsers`) is logged as
 * its one line and answered with `USAGE_EXIT_CODE`; anything else is a bug
 * and thrown on.
 * @throws `error` when it is not the user's to fix.
 * @example
 * try { ... } catch (error) { return answerUserError(error, log) }
 */
export function answerUserError(
  error: unknown,
  log: CliLog,
  alsoUsers: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
): number {
  if (
    error instanceof CliError ||
    alsoUsers.some((kind) => error instanceof kind)
  ) {
    log.error((error as Error).message)
    return USAGE_EXIT_CODE
  }
  throw error
}
