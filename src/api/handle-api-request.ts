import type { ApiContext, Caller } from './api-context.js'
import { authenticate } from './authenticate.js'
import { getContent } from './endpoints/get-content.js'
import { getProject } from './endpoints/get-project.js'
import { listContents } from './endpoints/list-contents.js'
import { listProjects } from './endpoints/list-projects.js'
import { createErrorResponse } from './error-response.js'
import { ENDPOINT_PATHS, matchRoute, type RouteMatch } from './match-route.js'
import { readPathParameter } from './path-parameter.js'
import type { ApiRequest, ApiResponse } from './types.js'

/**
 * Answers one request under the API prefix, the way the real service does.
 * Checks run in this order: authentication (401), the after-authentication
 * hook (rate limits, 429), the route (404 unknown path, 405 other methods),
 * path parameters (422), then the lookup (404).
 * @example
 * const response = handleApiRequest(context, {
 *   method: 'GET', origin: 'http://localhost', path: '/public-api/v1/projects',
 *   query: '', headers: new Headers({ authorization: 'Bearer demo-key-alpha' }),
 * })
 */
export function handleApiRequest(
  context: ApiContext,
  request: ApiRequest,
): ApiResponse {
  const caller = authenticate(context, request.headers.get('authorization'))
  if ('status' in caller) return caller
  const response = answer(context, request, caller)
  response.keyLabel = context.dataset().index.keyLabels.get(caller.apiKey.key)
  return response
}

function answer(
  context: ApiContext,
  request: ApiRequest,
  caller: Caller,
): ApiResponse {
  const hooked = context.afterAuthentication?.(request, caller)
  if (hooked !== undefined) return hooked

  const subpath = request.path.slice(context.prefix.length)
  const route = matchRoute(subpath)
  if (route === undefined) {
    return createErrorResponse(
      404,
      'not_found',
      `No endpoint at ${request.method} ${request.path}. The API has GET ${Object.values(
        ENDPOINT_PATHS,
      )
        .map((path) => context.prefix + path)
        .join(', GET ')}.`,
    )
  }
  const response =
    request.method === 'GET'
      ? answerRoute(context, request, caller, route)
      : createErrorResponse(
          405,
          'method_not_allowed',
          `Method ${request.method} is not allowed on ${context.prefix}${ENDPOINT_PATHS[route.endpoint]}: the API is read-only and answers GET only.`,
          { allow: 'GET' },
        )
  response.endpoint = route.endpoint
  return response
}

function answerRoute(
  context: ApiContext,
  request: ApiRequest,
  caller: Caller,
  route: RouteMatch,
): ApiResponse {
  if (route.endpoint === 'listProjects') {
    return listProjects(context, caller)
  }
  const projectUnique = readPathParameter(
    'project_unique',
    route.projectUnique ?? '',
    route.endpoint === 'getProject'
      ? ` To list projects, call GET ${context.prefix}/projects without a trailing slash.`
      : '',
  )
  if (typeof projectUnique !== 'string') return projectUnique
  if (route.endpoint === 'getProject') {
    return getProject(context, caller, projectUnique)
  }
  if (route.endpoint === 'listContents') {
    return listContents(context, caller, projectUnique)
  }
  const variationUnique = readPathParameter(
    'variation_unique',
    route.variationUnique ?? '',
    ` To list contents, call GET ${context.prefix}/projects/${projectUnique}/contents without a trailing slash.`,
  )
  if (typeof variationUnique !== 'string') return variationUnique
  return getContent(context, caller, request, projectUnique, variationUnique)
}
