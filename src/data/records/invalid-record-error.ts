import { FixtureError, type FixtureIssue } from '../fixture-error.js'

/**
 * Thrown when a created or patched record is not valid in the fixture format or would break a reference: every
 * problem at once, with paths relative to the record; nothing was changed.
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
