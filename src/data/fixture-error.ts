/** One problem found in a fixture document. */
export interface FixtureIssue {
  /** A path such as `contents[3].project_unique`; `(document)` for the root. */
  path: string
  message: string
}

/** With its path as segments, so problems can be sorted before the path is formatted. */
export interface LocatedFixtureIssue {
  path: readonly PropertyKey[]
  message: string
}

/**
 * Thrown when a fixture document cannot be loaded: every problem at once, in document order; nothing is loaded.
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

/** `['contents', 3, 'project_unique']` becomes `contents[3].project_unique`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let result = ''
  for (const segment of path) {
    if (typeof segment === 'number') result += `[${segment}]`
    else result += result === '' ? String(segment) : `.${String(segment)}`
  }
  return result === '' ? '(document)' : result
}
