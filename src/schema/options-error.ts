/**
 * One problem with the options given: which option, and what is wrong.
 */
export interface OptionIssue {
  /** The option's path, such as `size.projects` or `scenarios.0.status`; empty for the options as a whole. */
  path: string
  message: string
}

/**
 * Thrown when options are invalid: those of `createContentApiMock`,
 * `createContentApiServer` and `createSeedDocument`, and a scenario given to
 * `mock.scenarios.add()`. It names every problem on one line, so a command
 * line tool can print it as it is; `issues` has them one by one.
 * @note It extends `TypeError`, which these functions threw before it
 * existed, so `catch` blocks written for that still work.
 * @example
 * try {
 *   createContentApiMock({ size: { projects: 2 } })
 * } catch (error) {
 *   if (error instanceof OptionsError) console.error(error.issues[0].path) // 'size.projects'
 * }
 */
export class OptionsError extends TypeError {
  override name = 'OptionsError'
  readonly code = 'INVALID_OPTIONS'
  readonly issues: readonly OptionIssue[]

  constructor(message: string, issues: readonly OptionIssue[]) {
    super(message)
    this.issues = issues
  }

  /**
   * An error whose message names every issue on one line.
   * @param subject what was invalid, e.g. `content-api-mock options`.
   * @param hint a sentence on where to read more or how to fix it.
   * @example
   * throw OptionsError.for('content-api-mock options', [{ path: 'seed', message: 'expected a whole number' }])
   * // Invalid content-api-mock options: "seed": expected a whole number.
   */
  static for(
    subject: string,
    issues: readonly OptionIssue[],
    hint?: string,
  ): OptionsError {
    const problems = issues.map((issue) =>
      issue.path === '' ? issue.message : `"${issue.path}": ${issue.message}`,
    )
    const text = problems.join('; ')
    const end = /[.?]$/.test(text) ? '' : '.'
    return new OptionsError(
      `Invalid ${subject}: ${text}${end}${hint === undefined ? '' : ` ${hint}`}`,
      issues,
    )
  }
}
