/** One problem with the options given. */
export interface OptionIssue {
  /** Such as `size.projects` or `scenarios.0.status`; empty for the options as a whole. */
  path: string
  message: string
}

/**
 * Thrown for invalid options of `createContentApiMock`, `createContentApiServer`, `createSeedDocument` and
 * `mock.scenarios.add()`: every problem on one line, and one by one in `issues`.
 * @note It extends `TypeError`, which these functions threw before, so `catch` blocks written for that still work.
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
   * @param subject what was invalid, e.g. `content-api-mock options`.
   * @param hint a sentence on where to read more or how to fix it.
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
