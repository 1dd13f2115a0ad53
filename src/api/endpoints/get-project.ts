import type { ApiContext, Caller } from '../api-context.js'
import { createJsonResponse } from '../json-response.js'
import { serializeProjectDetail } from '../serialize.js'
import type { ApiResponse } from '../types.js'
import { findVisibleProject } from '../visibility.js'

/**
 * `GET /projects/{project_unique}`: one project the caller may see.
 * @example
 * getProject(context, caller, 'p1')
 */
export function getProject(
  context: ApiContext,
  caller: Caller,
  projectUnique: string,
): ApiResponse {
  const project = findVisibleProject(context, caller, projectUnique)
  if ('status' in project) return project
  return createJsonResponse(200, `{"data":${serializeProjectDetail(project)}}`)
}
