import * as z from 'zod'
import type { Endpoint } from './endpoints.js'
import {
  contentDetailSchema,
  contentListItemSchema,
  projectDetailSchema,
  projectListItemSchema,
} from './resources.js'

/**
 * Every `error.code` the API and its asset URLs answer with, the server's own included.
 * @note The spec does not show the set of codes; these are the mock's choice (the README's "not shown" list).
 * @example
 * expect(ERROR_CODES).toContain(body.error.code)
 */
export const ERROR_CODES = [
  'unauthorized',
  'not_found',
  'method_not_allowed',
  'invalid_parameter',
  'rate_limited',
  'internal_error',
  'asset_url_invalid',
  'asset_url_expired',
  'range_not_satisfiable',
  'bad_request',
  'headers_too_large',
  'request_timeout',
  // A Host header that is not an allowed host (every route):
  'host_not_allowed',
  // Forced by scenarios, which may answer any 4xx or 5xx status:
  'forbidden',
  'conflict',
  'bad_gateway',
  'service_unavailable',
  'gateway_timeout',
  'unknown_scenario',
  'unknown_variant',
] as const

/**
 * Every `error.code` the control API under `/__mock` answers with, those it shares with the API included.
 * @example
 * expect(CONTROL_ERROR_CODES).toContain(body.error.code)
 */
export const CONTROL_ERROR_CODES = [
  'unauthorized',
  'not_found',
  'method_not_allowed',
  'internal_error',
  'invalid_json',
  'payload_too_large',
  'invalid_fixture',
  'invalid_scenario',
  'invalid_filter',
  'invalid_clock',
  'invalid_parameter',
  'conflict',
  'unsupported_media_type',
  'host_not_allowed',
  'invalid_variants',
  'redis_unavailable',
  'too_many_uploads',
] as const

/**
 * Spec 2.7: `meta` of a list response.
 * @example
 * listMetaSchema.parse(body.meta).total
 */
export const listMetaSchema = z
  .object({ total: z.int().min(0) })
  .meta({ id: 'ListMeta', description: 'List metadata, spec 2.7.' })

/**
 * Spec 7: the error envelope.
 * @example
 * errorEnvelopeSchema.parse(await response.json()).error.code
 */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Error envelope, spec 7.' })

/**
 * Body of `GET /projects`.
 * @example
 * projectListResponseSchema.parse(await response.json())
 */
export const projectListResponseSchema = z
  .object({ data: z.array(projectListItemSchema), meta: listMetaSchema })
  .meta({ id: 'ProjectListResponse' })

/**
 * Body of `GET /projects/{project_unique}`.
 * @example
 * projectDetailResponseSchema.parse(await response.json())
 */
export const projectDetailResponseSchema = z
  .object({ data: projectDetailSchema })
  .meta({ id: 'ProjectDetailResponse' })

/**
 * Body of `GET /projects/{project_unique}/contents`.
 * @example
 * contentListResponseSchema.parse(await response.json())
 */
export const contentListResponseSchema = z
  .object({ data: z.array(contentListItemSchema), meta: listMetaSchema })
  .meta({ id: 'ContentListResponse' })

/**
 * Body of `GET /projects/{project_unique}/contents/{variation_unique}`.
 * @example
 * contentDetailResponseSchema.parse(await response.json())
 */
export const contentDetailResponseSchema = z
  .object({ data: contentDetailSchema })
  .meta({ id: 'ContentDetailResponse' })

/** The body each endpoint answers with success. */
export const RESPONSE_SCHEMAS = {
  listProjects: projectListResponseSchema,
  getProject: projectDetailResponseSchema,
  listContents: contentListResponseSchema,
  getContent: contentDetailResponseSchema,
} as const satisfies Record<Endpoint, z.ZodType>

export type ErrorCode = (typeof ERROR_CODES)[number]
export type ControlErrorCode = (typeof CONTROL_ERROR_CODES)[number]
export type ListMeta = z.infer<typeof listMetaSchema>
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>
export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>
export type ContentListResponse = z.infer<typeof contentListResponseSchema>
export type ContentDetailResponse = z.infer<typeof contentDetailResponseSchema>
