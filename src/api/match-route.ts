import type { Endpoint } from '../schema/endpoints.js'

/**
 * An endpoint and its path parameters, still percent-encoded.
 */
export interface RouteMatch {
  endpoint: Endpoint
  projectUnique?: string
  variationUnique?: string
}

/**
 * Matches a path below the API prefix (e.g. `/projects/p1/contents`) to an
 * endpoint. Parameters are not checked here; an empty one still matches, so
 * that `/projects/` is answered 422 with a hint rather than 404.
 * @example
 * matchRoute('/projects/p1') // { endpoint: 'getProject', projectUnique: 'p1' }
 */
export function matchRoute(subpath: string): RouteMatch | undefined {
  const segments = subpath.split('/')
  if (segments[0] !== '' || segments[1] !== 'projects') return undefined
  const projectUnique = segments[2]
  switch (segments.length) {
    case 2:
      return { endpoint: 'listProjects' }
    case 3:
      return { endpoint: 'getProject', projectUnique }
    case 4:
      return segments[3] === 'contents'
        ? { endpoint: 'listContents', projectUnique }
        : undefined
    case 5:
      return segments[3] === 'contents'
        ? {
            endpoint: 'getContent',
            projectUnique,
            variationUnique: segments[4],
          }
        : undefined
    default:
      return undefined
  }
}
