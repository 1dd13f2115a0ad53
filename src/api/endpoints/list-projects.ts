import type { ApiContext, Caller } from '../api-context.js'
import { createJsonResponse } from '../json-response.js'
import { createListBody } from '../list-body.js'
import { serializeProjectListItem } from '../serialize.js'
import type { ApiResponse } from '../types.js'

/**
 * `GET /projects`: the projects the caller's account owns or has shared with
 * it (spec 4, rule 1).
 */
export function listProjects(context: ApiContext, caller: Caller): ApiResponse {
  const index = context.dataset().index
  return createJsonResponse(
    200,
    createListBody(
      index.projectsByViewer.get(caller.account.id),
      index.version,
      context.listOrder,
      serializeProjectListItem,
    ),
  )
}
