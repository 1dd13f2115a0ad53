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
 */
export function matchRoute(subpath: string): RouteMatch | undefined {
  // @note Read with indexOf rather than split('/'): no array of segments
  // per request. `/projects`, then up to three segments.
  if (!subpath.startsWith(PROJECTS)) return undefined
  if (subpath.length === PROJECTS.length) return { endpoint: 'listProjects' }
  if (subpath.charCodeAt(PROJECTS.length) !== SLASH) return undefined
  const projectStart = PROJECTS.length + 1
  const projectEnd = subpath.indexOf('/', projectStart)
  if (projectEnd === -1) {
    return {
      endpoint: 'getProject',
      projectUnique: subpath.slice(projectStart),
    }
  }
  const projectUnique = subpath.slice(projectStart, projectEnd)
  const contentsEnd = projectEnd + 1 + CONTENTS.length
  if (!subpath.startsWith(CONTENTS, projectEnd + 1)) return undefined
  if (subpath.length === contentsEnd) {
    return { endpoint: 'listContents', projectUnique }
  }
  if (
    subpath.charCodeAt(contentsEnd) !== SLASH ||
    subpath.indexOf('/', contentsEnd + 1) !== -1
  ) {
    return undefined
  }
  return {
    endpoint: 'getContent',
    projectUnique,
    variationUnique: subpath.slice(contentsEnd + 1),
  }
}

const PROJECTS = '/projects'
const CONTENTS = 'contents'
const SLASH = 47
