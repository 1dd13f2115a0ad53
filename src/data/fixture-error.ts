/**
 * One problem found in a fixture document: where, and what is wrong there.
 */
export interface FixtureIssue {
  /** A path such as `contents[3].project_unique`; `(document)` for the root. */
  path: string
  message: string
}

/**
 * A problem found in a fixture document, with its path as segments
 * (`['contents', 3, 'project_unique']`) so problems can be sorted before the
 * path is formatted for people.
 */
export interface LocatedFixtureIssue {
  path: readonly PropertyKey[]
  message: string
}

/**
 * Thrown when a fixture document cannot be loaded. It names every problem at
 * once (shape, references and duplicate IDs together, in document order), so
 * one edit can fix them all; nothing of the document is loaded.
 * @example
 * try {
 *   createContentApiMock({ fixtures })
 * } catch (error) {
 *   if (error instanceof FixtureError) console.error(error.issues)
 * }
 */
export class FixtureError extends Error {
  override name = 'FixtureError'
  readonly code = 'INVALID_FIXTURE'
  readonly issues: readonly FixtureIssue[]

  constructor(issues: readonly FixtureIssue[], source = 'fixture document') {
    const count =
      issues.length === 1 ? '1 problem' : `${issues.length} problems`
    super(
      `Failed to load the ${source}: ${count} found, nothing was loaded. Fix each one and load it again:\n` +
        issues.map((issue) => `  ${issue.path}: ${issue.message}`).join('\n'),
    )
    this.issues = issues
  }
}

/**
 * Formats a property path the way a person reads it in JSON:
 * `['contents', 3, 'project_unique']` becomes `contents[3].project_unique`.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let result = ''
  for (const segment of path) {
    if (typeof segment === 'number') result += `[${segment}]`
    else result += result === '' ? String(segment) : `.${String(segment)}`
  }
  return result === '' ? '(document)' : result
}
