import { createJsonResponse } from '../json-response.js'
import { serializeProjectDetail } from '../serialize.js'
import type { ApiResponse } from '../types.js'
import type { FixtureProject } from '../../schema/fixture.js'

/**
 * `GET /projects/{project_unique}`: one project the caller may see
 * (`findVisibleProject` found it).
 */
export function getProject(project: FixtureProject): ApiResponse {
  return createJsonResponse(200, `{"data":${serializeProjectDetail(project)}}`)
}
