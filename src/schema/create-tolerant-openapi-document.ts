import {
  createOpenApiDocument,
  type OpenApiDocument,
} from './create-openapi-document.js'
import { NULLABLE_FIELDS, OPTIONAL_FIELDS } from './tolerant-fields.js'

type JsonObject = Record<string, unknown>

/**
 * Creates the tolerant OpenAPI document: the strict one (what the mock
 * guarantees by default, `createOpenApiDocument`) loosened to what the real
 * service may also send, as the variants do: every object allows unknown
 * properties, and `description`, `publish`, `post_url`, `posted_at`,
 * `download_url` and `thumbnail_url` may be `null` or absent, an error's
 * `message` absent. Served at `/openapi.tolerant.json`.
 * @note Not described: non-JSON bodies (the HTML 502 and 504 of
 * `error-variants`) and the query parameters of `paginated`.
 * @example
 * const document = createTolerantOpenApiDocument({ serverUrl: 'http://localhost:4010/public-api/v1' })
 */
export function createTolerantOpenApiDocument(
  ...options: Parameters<typeof createOpenApiDocument>
): OpenApiDocument {
  const document = createOpenApiDocument(...options)
  document.info = {
    ...document.info,
    title: `${document.info.title} (tolerant)`,
    description: `${document.info.description}\n\nThis is the tolerant document: what the real service may send as well (unknown properties anywhere; null or absent fields the spec does not promise). The strict document, what the mock sends by default, is openapi.json. See docs/variants.md.`,
  }
  const schemas: Record<string, JsonObject> = {}
  for (const [id, schema] of Object.entries(document.components.schemas)) {
    schemas[id] = loosen(schema) as JsonObject
  }
  document.components = { ...document.components, schemas }
  return document
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
