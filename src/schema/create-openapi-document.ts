import * as z from 'zod'
import { errorEnvelopeSchema, RESPONSE_SCHEMAS } from './envelopes.js'
import { ENDPOINT_NAMES, ENDPOINT_PATHS, type Endpoint } from './endpoints.js'
import { publicIdSchema } from './primitives.js'
import {
  contentModeSchemaIds,
  createContentModeConditions,
  createKnownModeProperties,
} from './content-modes.js'
import { contentDetailSchema, contentListItemSchema } from './resources.js'
import { createJsonSchemaDefs } from './create-json-schema-defs.js'
import {
  createErrorResponses,
  createRateLimitHeaders,
} from './openapi-responses.js'

type JsonObject = Record<string, unknown>

/** An OpenAPI 3.1 document, typed only as far as this package reads it. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: {
    title: string
    version: string
    description: string
    license: { name: string; identifier: string }
    contact: { name: string; url: string }
  }
  servers: Array<{ url: string; description?: string }>
  security: Array<Record<string, string[]>>
  tags: Array<{ name: string; description: string }>
  paths: Record<string, { parameters?: JsonObject[]; get?: JsonObject }>
  components: {
    schemas: Record<string, JsonObject>
    responses: Record<string, JsonObject>
    securitySchemes: Record<string, JsonObject>
  }
}

const DEFAULT_OPENAPI_SERVER_URL = 'http://127.0.0.1:4010/public-api/v1'

const SCHEMAS_POINTER = '#/components/schemas/'
export const RESPONSES_POINTER = '#/components/responses/'

/** Every schema with an `id` these reach (list items, `Progress`, …) becomes a component too. */
const ROOT_SCHEMAS = [...Object.values(RESPONSE_SCHEMAS), errorEnvelopeSchema]

interface Operation {
  tags: [string]
  summary: string
  description: string
  successDescription: string
}

/** Path and operation ID come from `ENDPOINT_PATHS`, so they cannot differ from what the mock serves. */
const OPERATIONS: Record<Endpoint, Operation> = {
  listProjects: {
    tags: ['Projects'],
    summary: 'List projects',
    description:
      'Returns the projects accessible to the owner of the API key, plus `meta.total`.',
    successDescription: 'Array of Project (list item), plus `meta.total`.',
  },
  getProject: {
    tags: ['Projects'],
    summary: 'Get a project',
    description:
      'Returns one project (detail). A project that does not exist, or one the key owner may not access, yields 404.',
    successDescription: 'One Project (detail).',
  },
  listContents: {
    tags: ['Contents'],
    summary: 'List the contents of a project',
    description:
      'Returns one combined list of all content kinds (post, blog, image, video) generated in the project, plus `meta.total`.',
    successDescription: 'Array of Content (list item), plus `meta.total`.',
  },
  getContent: {
    tags: ['Contents'],
    summary: 'Get a content',
    description:
      'Returns the generated body/assets and the publish results; the shape of `content` depends on `mode`. Asset addresses (`download_url`, `thumbnail_url`) are issued per request; a client must not assume they stay valid.',
    successDescription: 'One Content (detail).',
  },
}

/**
 * Creates the OpenAPI 3.1 document of the four GET endpoints from the package's zod schemas. It describes what the
 * spec shows (a content's `mode` is `moviemode`); other modes are in `createTolerantOpenApiDocument`.
 * @example
 * const document = createOpenApiDocument({ serverUrl: 'http://localhost:3000/public-api/v1' })
 * document.paths['/projects']?.get?.operationId // 'listProjects'
 */
export function createOpenApiDocument(
  options: { serverUrl?: string } = {},
): OpenApiDocument {
  return createOpenApiDocumentOf('known', options)
}

/** `known`: the strict document; `open`: any mode with any object, the base of the tolerant document. */
export function createOpenApiDocumentOf(
  contentModes: 'known' | 'open',
  options: { serverUrl?: string },
): OpenApiDocument {
  const schemas = createComponentSchemas(contentModes)
  const idOf = (schema: z.ZodType): string => {
    const id = z.globalRegistry.get(schema)?.id
    if (id === undefined || !(id in schemas)) {
      throw new Error(
        'Failed to create the OpenAPI document: a response schema has no component id. Give it one with `.meta({ id })` in src/schema/.',
      )
    }
    return id
  }
  const paths: OpenApiDocument['paths'] = {}
  for (const endpoint of ENDPOINT_NAMES) {
    const path = ENDPOINT_PATHS[endpoint]
    const parameters = Array.from(path.matchAll(/\{(\w+)\}/g), ([, name]) =>
      createPathParameter(name!),
    )
    paths[path] = {
      ...(parameters.length > 0 && { parameters }),
      get: createOperation(
        endpoint,
        idOf(RESPONSE_SCHEMAS[endpoint]),
        parameters.length > 0,
      ),
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Content Project Read API (content-api-mock)',
      version: '1.0.0',
      description:
        'A read-only HTTP JSON interface for listing the projects an API key owner can access and reading the content (posts, blogs, images, videos) generated inside them. Every response body is a JSON envelope.',
      // The package's own license and home: the document is the mock's.
      license: { name: 'MIT', identifier: 'MIT' },
      contact: {
        name: 'content-api-mock',
        url: 'https://www.npmjs.com/package/content-api-mock',
      },
    },
    servers: [{ url: options.serverUrl ?? DEFAULT_OPENAPI_SERVER_URL }],
    security: [{ bearerAuth: [] }],
    tags: [
      {
        name: 'Projects',
        description: 'Projects the API key owner can access.',
      },
      { name: 'Contents', description: 'Content generated inside a project.' },
    ],
    paths,
    components: {
      schemas,
      responses: createErrorResponses(idOf(errorEnvelopeSchema)),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Every request carries `Authorization: Bearer <API_KEY>`. An invalid or expired key gets 401.',
        },
      },
    },
  }
}

function createComponentSchemas(
  contentModes: 'known' | 'open',
): Record<string, JsonObject> {
  const defs = createJsonSchemaDefs(ROOT_SCHEMAS, {
    // `output` closes every object (`additionalProperties: false`), so a leaked field fails validation.
    io: 'output',
    // zod's `content` union lets a known mode's body fall to the free-form branch; the spec ties the shape to `mode`.
    refined: contentDetailSchema,
    conditions: createContentModeConditions('served'),
  })
  const missing = contentModeSchemaIds('served').find((id) => !(id in defs))
  if (missing !== undefined) {
    throw new Error(
      `Failed to create the OpenAPI document: the "${missing}" schema is missing. Keep the \`.meta({ id })\` of each served body of CONTENT_MODES in src/schema/.`,
    )
  }
  if (contentModes === 'known') narrowToKnownModes(defs)
  // Only a `$ref` (zod's, or one the mode table writes) holds a string that starts with the `$defs` pointer.
  const json = JSON.stringify(defs).replaceAll(
    '"#/$defs/',
    `"${SCHEMAS_POINTER}`,
  )
  return JSON.parse(json) as Record<string, JsonObject>
}

/** In place; the zod union's free-form branch for other modes would make generators type `content` `unknown`. */
function narrowToKnownModes(defs: Record<string, JsonObject>): void {
  const known = createKnownModeProperties()
  const item = defs[componentIdOf(contentListItemSchema)]
  const detail = defs[componentIdOf(contentDetailSchema)]
  if (item === undefined || detail === undefined) {
    throw new Error(
      'Failed to create the OpenAPI document: the content schemas are missing. Keep the `.meta({ id })` of contentListItemSchema and contentDetailSchema in src/schema/resources.ts.',
    )
  }
  item.properties = { ...(item.properties as JsonObject), mode: known.mode }
  detail.properties = { ...(detail.properties as JsonObject), ...known }
  // One body needs no condition to tie it to `mode`.
  if (!('anyOf' in known.content)) delete detail.allOf
}

function componentIdOf(schema: z.ZodType): string {
  return z.globalRegistry.get(schema)?.id ?? ''
}

const PATH_PARAMETER_DESCRIPTIONS: Record<string, string> = {
  project_unique: 'Public ID of the project.',
  variation_unique: 'Public ID of the content.',
}

function createPathParameter(name: string): JsonObject {
  const { $schema: _, ...schema } = z.toJSONSchema(publicIdSchema, {
    target: 'draft-2020-12',
  })
  const description = PATH_PARAMETER_DESCRIPTIONS[name]
  return { name, in: 'path', required: true, description, schema }
}

function createOperation(
  operationId: Endpoint,
  successId: string,
  hasParameters: boolean,
): JsonObject {
  const { successDescription, ...text } = OPERATIONS[operationId]
  const ref = (name: string) => ({ $ref: RESPONSES_POINTER + name })
  return {
    operationId,
    ...text,
    responses: {
      '200': {
        description: successDescription,
        headers: createRateLimitHeaders(),
        content: {
          'application/json': {
            schema: { $ref: SCHEMAS_POINTER + successId },
          },
        },
      },
      '401': ref('Unauthorized'),
      '404': ref('NotFound'),
      '405': ref('MethodNotAllowed'),
      ...(hasParameters ? { '422': ref('InvalidParameter') } : {}),
      '429': ref('RateLimited'),
      '500': ref('InternalError'),
      '503': ref('ServiceUnavailable'),
    },
  }
}
