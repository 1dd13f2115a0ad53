import { FixtureError, type FixtureIssue } from '../fixture-error.js'

/**
 * Thrown when a record given to `create` or the result of a `patch` (through
 * `mock.contents`, `mock.projects`, `mock.apiKeys`, `mock.accounts` or the
 * control API) is not a valid record of the fixture format, or would break a
 * reference. It names every problem at once, with paths relative to the
 * record (`progress.step_process`), worded as a fixture document's problems
 * are; nothing was changed.
 * @example
 * try {
 *   await mock.contents.patch('v1', { progress: { step_process: 9 } })
 * } catch (error) {
 *   if (error instanceof InvalidRecordError) console.error(error.issues)
 * }
 */
export class InvalidRecordError extends FixtureError {
  override name = 'InvalidRecordError'

  constructor(
    issues: readonly FixtureIssue[],
    /** What was refused, e.g. `patch content "v1"`, `create a project`. */
    readonly action: string,
  ) {
    super(issues)
    const count =
      issues.length === 1 ? '1 problem' : `${issues.length} problems`
    this.message =
      `Failed to ${action}: ${count} found, nothing was changed. Fix each one and try again:\n` +
      issues.map((issue) => `  ${issue.path}: ${issue.message}`).join('\n')
  }
}
