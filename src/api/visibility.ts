import type { FixtureProject } from '../schema/fixture.js'
import type { ApiContext, Caller } from './api-context.js'
import { createErrorResponse } from './error-response.js'
import type { ApiResponse } from './types.js'

/**
 * Who sees a project: the account that owns it and the accounts it is shared
 * with. "Visibility of data is bound to the owner of the key" (spec 5.4); the
 * spec shows no other rule, so a key sees everything its account sees.
 * @note The dataset's index applies this rule once per change to keep
 * `projectsByViewer`, so a lookup never scans.
 */
export function viewersOf(project: FixtureProject): readonly string[] {
  return [project.account, ...(project.shared_with ?? [])]
}

/**
 * The project with this ID if the caller may see it, or a 404 that reads the
 * same whether the project is missing or someone else's (spec 4, rule 5).
 */
export function findVisibleProject(
  context: ApiContext,
  caller: Caller,
  projectUnique: string,
): FixtureProject | ApiResponse {
  const project = context
    .dataset()
    .index.projectsByViewer.get(caller.account.id)
    ?.get(projectUnique)
  return (
    project ??
    createErrorResponse(
      404,
      'not_found',
      `No project "${projectUnique}" is visible to this API key. Check the ID, or list the projects you can see with GET /projects.`,
    )
  )
}
