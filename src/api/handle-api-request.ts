import type { ApiContext, Caller } from './api-context.js'
import { authenticate } from './authenticate.js'
import { getContent } from './endpoints/get-content.js'
import { getProject } from './endpoints/get-project.js'
import { listContents } from './endpoints/list-contents.js'
import { listProjects } from './endpoints/list-projects.js'
import { createErrorResponse } from './error-response.js'
import { matchRoute, type RouteMatch } from './match-route.js'
import { ENDPOINT_PATHS } from '../schema/endpoints.js'
import { readPathParameter } from './path-parameter.js'
import type { ApiRequest, ApiResponse } from './types.js'
import { findVisibleProject } from './visibility.js'
import { SCENARIO_PRESETS, type ScenarioPreset } from '../schema/scenario.js'
import { applyVariants, usesVariants } from './variants/apply-variants.js'
import { readVariantHeader } from './variants/read-variant-header.js'

/** Order: auth (401), `X-Mock-*` headers (400), scenarios, route (404, 405), path parameters (422), lookup (404), then variants. */
export function handleApiRequest(
  context: ApiContext,
  request: ApiRequest,
): ApiResponse {
  const route = matchRoute(request.path.slice(context.prefix.length))
  const response = decide(context, request, route)
  // Even a 401 names its endpoint, so the journal can be filtered by endpoint whatever the outcome.
  if (route !== undefined) response.endpoint = route.endpoint
  return usesVariants(context, request)
    ? applyVariants(context, request, response)
    : response
}

function decide(
  context: ApiContext,
  request: ApiRequest,
  route: RouteMatch | undefined,
): ApiResponse {
  const caller = authenticate(context, request.headers.get('authorization'))
  if ('status' in caller) return caller
  const keyLabel = context.dataset().index.keyLabels.get(caller.apiKey.key)
  const preset = readScenarioHeader(context, request)
  if (typeof preset === 'object') return { ...preset, keyLabel }
  const variants = readVariantHeader(context, request)
  if (!Array.isArray(variants)) return { ...variants, keyLabel }
  const outcome = context.scenarios.evaluate(
    { path: request.path, endpoint: route?.endpoint, keyLabel },
    preset,
  )
  // @note A dropped connection has status 0, so the journal never counts it as the 200 nobody received.
  const response: ApiResponse =
    outcome?.networkError === true && outcome.response === undefined
      ? { status: 0, headers: {}, body: null, networkError: true }
      : (outcome?.response ?? answer(context, request, caller, route))
  if (outcome !== undefined) {
    if (outcome.headers !== undefined) {
      response.headers = { ...response.headers, ...outcome.headers }
    }
    if (outcome.delayMs > 0) response.delayMs = outcome.delayMs
  }
  response.keyLabel = keyLabel
  return response
}

/** Nothing when absent or in strict mode; a 400 listing the presets when unknown. */
function readScenarioHeader(context: ApiContext, request: ApiRequest) {
  if (context.strict) return undefined
  const name = request.headers.get('x-mock-scenario')?.trim()
  if (name === undefined || name === '') return undefined
  if ((SCENARIO_PRESETS as readonly string[]).includes(name)) {
    return name as ScenarioPreset
  }
  return createErrorResponse(
    400,
    'unknown_scenario',
    `Unknown scenario "${name}" in the X-Mock-Scenario header. Use one of: ${SCENARIO_PRESETS.join(', ')}; or remove the header.`,
  )
}

function answer(
  context: ApiContext,
  request: ApiRequest,
  caller: Caller,
  route: RouteMatch | undefined,
): ApiResponse {
  if (route === undefined) {
    return createErrorResponse(
      404,
      'not_found',
      `No endpoint at ${request.method} ${request.path}. The API has GET ${Object.values(
        ENDPOINT_PATHS,
      )
        .map((path) => context.prefix + path)
        .join(', GET ')}.`,
      undefined,
      { cause: 'unknown-path' },
    )
  }
  // @note HEAD answers as GET does, the adapters leave the body out (RFC
  // 9110 section 9.3.2): a client may check a URL and its length with it.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return createErrorResponse(
      405,
      'method_not_allowed',
      `Method ${request.method} is not allowed on ${context.prefix}${ENDPOINT_PATHS[route.endpoint]}: the API is read-only and answers GET (and HEAD) only.`,
      { allow: 'GET, HEAD' },
      { cause: 'method-not-allowed' },
    )
  }
  return answerRoute(context, request, caller, route)
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
  const variationUnique =
    route.endpoint === 'getContent'
      ? readPathParameter(
          'variation_unique',
          route.variationUnique ?? '',
          ` To list contents, call GET ${context.prefix}/projects/${projectUnique}/contents without a trailing slash.`,
        )
      : ''
  if (typeof variationUnique !== 'string') return variationUnique
  // Every other endpoint is about one project the caller must be able to see.
  const project = findVisibleProject(context, caller, projectUnique)
  if ('status' in project) return project
  if (route.endpoint === 'getProject') return getProject(project)
  if (route.endpoint === 'listContents') return listContents(context, project)
  return getContent(context, request, project, variationUnique)
}
