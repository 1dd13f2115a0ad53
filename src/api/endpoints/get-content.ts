import type { ApiContext, Caller } from '../api-context.js'
import { contentAt } from '../content-at.js'
import { createErrorResponse } from '../error-response.js'
import { createJsonResponse } from '../json-response.js'
import { serializeContentDetail } from '../serialize.js'
import type { ApiRequest, ApiResponse } from '../types.js'
import { findVisibleProject } from '../visibility.js'

/**
 * `GET /projects/{project_unique}/contents/{variation_unique}`: one content
 * with its publish results and, for `moviemode`, asset URLs issued for this
 * request on the origin it came to (spec 4, rules 3 and 4).
 * @example
 * getContent(context, caller, request, 'p1', 'v1')
 */
export function getContent(
  context: ApiContext,
  caller: Caller,
  request: ApiRequest,
  projectUnique: string,
  variationUnique: string,
): ApiResponse {
  const project = findVisibleProject(context, caller, projectUnique)
  if ('status' in project) return project
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
          ?.windowAt(project.project_unique, now)
          ?.items.get(variationUnique))
  const state = record && contentAt(record, now)
  if (state?.visible !== true) {
    return createErrorResponse(
      404,
      'not_found',
      `No content "${variationUnique}" in project "${projectUnique}" is visible to this API key. Check both IDs, or list the project's contents with GET /projects/${projectUnique}/contents.`,
    )
  }
  const body = serializeContentDetail(state.content, (movieUnique) =>
    context.signer.issueJson(request.origin, movieUnique),
  )
  return createJsonResponse(200, `{"data":${body}}`)
}
