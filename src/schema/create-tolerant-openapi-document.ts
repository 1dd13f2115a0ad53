import {
  createOpenApiDocument,
  createOpenApiDocumentOf,
  RESPONSES_POINTER,
  type OpenApiDocument,
} from './create-openapi-document.js'
import { ENDPOINT_PATHS } from './endpoints.js'
import { NULLABLE_FIELDS, OPTIONAL_FIELDS } from './tolerant-fields.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './variants.js'

type JsonObject = Record<string, unknown>

/**
 * The tolerant OpenAPI document (`/openapi.tolerant.json`): the strict one loosened to what the real service may
 * also send (any mode, unknown properties, unpromised nulls, pages, a gateway's HTML 502 and 504, a date `Retry-After`).
 * @example
 * const document = createTolerantOpenApiDocument({ serverUrl: 'http://localhost:4010/public-api/v1' })
 */
export function createTolerantOpenApiDocument(
  ...options: Parameters<typeof createOpenApiDocument>
): OpenApiDocument {
  const document = createOpenApiDocumentOf('open', options[0] ?? {})
  document.info = {
    ...document.info,
    title: `${document.info.title} (tolerant)`,
    description: `${document.info.description}\n\nThis is the tolerant document: what the real service may send as well (contents in any mode with any content object; unknown properties anywhere; null or absent fields the spec does not promise). The strict document, what the mock sends by default, is openapi.json. See docs/variants.md.`,
  }
  const schemas: Record<string, JsonObject> = {}
  for (const [id, schema] of Object.entries(document.components.schemas)) {
    schemas[id] = loosen(schema) as JsonObject
  }
  document.components = {
    ...document.components,
    schemas: withPageMeta(schemas),
    responses: withGatewayPages(document.components.responses),
  }
  for (const [path, item] of Object.entries(document.paths)) {
    const responses = item.get?.responses as JsonObject
    responses['502'] = { $ref: `${RESPONSES_POINTER}BadGateway` }
    responses['504'] = { $ref: `${RESPONSES_POINTER}GatewayTimeout` }
    if (LIST_PATHS.has(path)) {
      item.get!.parameters = PAGE_PARAMETERS
      responses['422'] = { $ref: `${RESPONSES_POINTER}InvalidParameter` }
    }
  }
  return document
}

const LIST_PATHS = new Set([
  ENDPOINT_PATHS.listProjects,
  ENDPOINT_PATHS.listContents,
])

const PAGE_PARAMETERS: JsonObject[] = [
  {
    name: 'page',
    in: 'query',
    required: false,
    description:
      'The page to answer, from 1, if the service paginates (the spec does not: the `paginated` variant does). A page after the last is empty.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  {
    name: 'per_page',
    in: 'query',
    required: false,
    description: `Items per page, if the service paginates; a larger number is capped to ${MAX_PAGE_SIZE}.`,
    schema: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
  },
]

function withPageMeta(
  schemas: Record<string, JsonObject>,
): Record<string, JsonObject> {
  const meta = schemas.ListMeta
  if (meta === undefined) return schemas
  const count = (description: string) => ({
    type: 'integer',
    minimum: 1,
    description,
  })
  return {
    ...schemas,
    ListMeta: {
      ...meta,
      properties: {
        ...(meta.properties as JsonObject),
        page: count('The page answered, if the service paginates.'),
        per_page: count('Items per page, if the service paginates.'),
        total_pages: {
          ...count('Pages of the whole list, if the service paginates.'),
          minimum: 0,
        },
      },
    },
  }
}

function withGatewayPages(
  responses: Record<string, JsonObject>,
): Record<string, JsonObject> {
  const retryAfter = {
    description: 'Seconds to wait before retrying, or an HTTP date.',
    required: false,
    schema: {
      anyOf: [
        { type: 'string', pattern: '^[0-9]+$' },
        {
          type: 'string',
          pattern:
            '^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$',
        },
      ],
    },
  }
  const loosened: Record<string, JsonObject> = {}
  for (const [name, response] of Object.entries(responses)) {
    const headers = response.headers as JsonObject | undefined
    loosened[name] =
      headers?.['Retry-After'] === undefined
        ? response
        : { ...response, headers: { ...headers, 'Retry-After': retryAfter } }
  }
  const page = (description: string): JsonObject => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  return {
    ...loosened,
    BadGateway: page(
      'A gateway in front of the service could not reach it: an HTML page, not the JSON envelope. The spec does not list 502.',
    ),
    GatewayTimeout: page(
      'A gateway in front of the service gave up waiting for it: an HTML page, not the JSON envelope. The spec does not list 504.',
    ),
  }
}

function loosen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(loosen)
  if (typeof value !== 'object' || value === null) return value
  const schema: JsonObject = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue
    schema[key] = loosen(child)
  }
  const properties = schema.properties as JsonObject | undefined
  if (schema.type === 'object' && properties !== undefined) {
    for (const name of Object.keys(properties)) {
      if (NULLABLE_FIELDS.has(name)) {
        properties[name] = { anyOf: [properties[name], { type: 'null' }] }
      }
    }
    if (Array.isArray(schema.required)) {
      schema.required = schema.required.filter(
        (name: string) => !OPTIONAL_FIELDS.has(name),
      )
    }
  }
  return schema
}
