import type { ApiContext } from './api-context.js'
import { decodePathSegment } from './decode-path-segment.js'
import { matchRoute } from './match-route.js'
import type { ApiRequest } from './types.js'

/**
 * Whether a request names a project or content ID that the mock's data does
 * not hold at all: the requests that proxy mode forwards to the real
 * service by default (the server's `upstream` option, `--proxy`).
 * @note A project or content the mock holds but the caller's key may not see
 * is known: the mock answers its 404 itself, as the real service would for
 * someone else's resource. A content of the live stream counts as known once
 * it has started, also after it left the list.
 */
export function isUnknownToMock(
  context: ApiContext,
  request: ApiRequest,
): boolean {
  const route = matchRoute(request.path.slice(context.prefix.length))
  const projectUnique = decodePathSegment(route?.projectUnique)
  if (projectUnique === undefined) return false
  const { index } = context.dataset()
  if (!index.projectsById.has(projectUnique)) return true
  const variationUnique = decodePathSegment(route?.variationUnique)
  if (variationUnique === undefined) return false
  if (index.contentsById.has(variationUnique)) return false
  return (
    context
      .liveStream()
      ?.contentById(projectUnique, variationUnique, context.now()) === undefined
  )
}
