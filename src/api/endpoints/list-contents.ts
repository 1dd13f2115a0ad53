import type { FixtureProject } from '../../schema/fixture.js'
import type { ApiContext } from '../api-context.js'
import { contentAt } from '../content-at.js'
import { createJsonResponse } from '../json-response.js'
import { createListBody } from '../list-body.js'
import { serializeContentListItem } from '../serialize.js'
import type { ApiResponse } from '../types.js'

/**
 * `GET /projects/{project_unique}/contents`: every content of a project the
 * caller may see, all modes in one list (spec 4, rule 2), as each stands on
 * the mock clock (`contentAt`), with the live stream's when one runs.
 */
export function listContents(
  context: ApiContext,
  project: FixtureProject,
): ApiResponse {
  const index = context.dataset().index
  const now = context.now()
  return createJsonResponse(
    200,
    createListBody(
      index.contentsByProject.get(project.project_unique),
      index.version,
      context.listOrder,
      serializeContentListItem,
      {
        now,
        resolve: contentAt,
        extra: context.liveStream()?.windowAt(project.project_unique, now),
        stored: index.contentsById,
      },
    ),
  )
}
