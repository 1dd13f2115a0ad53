import type { FixtureProject } from '../../schema/fixture.js'
import type { ApiContext } from '../api-context.js'
import { contentAt } from '../content-at.js'
import { createErrorResponse } from '../error-response.js'
import { createJsonResponse } from '../json-response.js'
import { serializeContentDetail } from '../serialize.js'
import type { ApiRequest, ApiResponse } from '../types.js'

/**
 * `GET /projects/{project_unique}/contents/{variation_unique}`: one content
 * with its publish results and, for `moviemode`, asset URLs issued for this
 * request on the origin it came to (spec 4, rules 3 and 4).
 */
export function getContent(
  context: ApiContext,
  request: ApiRequest,
  project: FixtureProject,
  variationUnique: string,
): ApiResponse {
  const now = context.now()
  const { index } = context.dataset()
  // A stored record wins over the stream's, also when a patch moved it; the
  // project's own map comes first: far smaller than the index of all contents.
  const record =
    index.contentsByProject.get(project.project_unique)?.get(variationUnique) ??
    (index.contentsById.has(variationUnique)
      ? undefined
      : context
          .liveStream()
          ?.contentById(project.project_unique, variationUnique, now))
  const state = record && contentAt(record, now)
  if (state?.visible !== true) {
    return createErrorResponse(
      404,
      'not_found',
      `No content "${variationUnique}" in project "${project.project_unique}" is visible to this API key. Check both IDs, or list the project's contents with GET /projects/${project.project_unique}/contents.`,
    )
  }
  const body = serializeContentDetail(state.content, (movieUnique) =>
    context.signer.issueJson(request.origin, movieUnique),
  )
  return createJsonResponse(200, `{"data":${body}}`)
}
