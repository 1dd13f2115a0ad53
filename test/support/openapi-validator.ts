import { readFileSync } from 'node:fs'
import {
  Ajv2020,
  type ErrorObject,
  type ValidateFunction,
} from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'

type JsonObject = Record<string, unknown>

interface ResponseObject {
  description: string
  headers?: Record<string, { required?: boolean; schema?: JsonObject }>
  content?: Record<string, { schema?: JsonObject }>
}

const DOCUMENT_KEY = 'openapi.json'

const document = JSON.parse(
  readFileSync(new URL('../../fixtures/openapi.json', import.meta.url), 'utf8'),
) as {
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, unknown>>
  components: { responses: Record<string, ResponseObject> }
}

// @note ajv-formats is CommonJS: under NodeNext its default import is typed as
// the module object, while at runtime it is the plugin function itself.
const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default

const ajv = new Ajv2020({ allErrors: true, strict: true })
addFormats(ajv)
// The whole document goes in once, so `#/components/schemas/…` refs inside
// it resolve; each schema is then compiled on first use and cached.
// @note Strict mode rejects the document's top-level OpenAPI fields as
// unknown keywords; declaring them keeps strict mode for the schemas.
ajv.addVocabulary(Object.keys(document))
ajv.addSchema(document, DOCUMENT_KEY)

// fixtures/openapi.json describes contents of the known modes only (what the
// spec shows); a dataset may hold others, which the tolerant document
// describes. Answers with such contents are checked against the strict
// document with the tolerant document's `mode` and `content` alone, so every
// other rule (no unknown fields, no nulls) still holds.
const OPEN_MODES_KEY = 'openapi.open-modes.json'
const KNOWN_MODES = new Set<unknown>(
  schemaOf(document).ContentListItem.properties.mode.enum,
)
ajv.addSchema(createOpenModesDocument(), OPEN_MODES_KEY)

function schemaOf(value: object): Record<string, any> {
  return (value as { components: { schemas: Record<string, any> } }).components
    .schemas
}

function createOpenModesDocument(): object {
  const open = structuredClone(document)
  const tolerant = schemaOf(
    JSON.parse(
      readFileSync(
        new URL('../../fixtures/openapi.tolerant.json', import.meta.url),
        'utf8',
      ),
    ),
  )
  const schemas = schemaOf(open)
  schemas.ContentListItem.properties.mode =
    tolerant.ContentListItem.properties.mode
  schemas.ContentDetail.properties.mode = tolerant.ContentDetail.properties.mode
  schemas.ContentDetail.properties.content =
    tolerant.ContentDetail.properties.content
  schemas.ContentDetail.allOf = tolerant.ContentDetail.allOf
  return open
}

/** Whether a body holds a content of a mode the strict document does not know. */
function hasOtherMode(body: unknown): boolean {
  const data = (body as { data?: unknown } | null)?.data
  return (Array.isArray(data) ? data : [data]).some(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      'mode' in item &&
      !KNOWN_MODES.has(item.mode),
  )
}

const validators = new Map<string, ValidateFunction>()
const serverUrl = document.servers[0]?.url
if (serverUrl === undefined) {
  throw new Error(
    'fixtures/openapi.json has no servers[0].url to take the API base path from. Run "npm run generate".',
  )
}
const basePath = new URL(serverUrl).pathname.replace(/\/$/, '')
const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]

/**
 * Asserts that a response of the mock is one the OpenAPI document
 * (fixtures/openapi.json) describes: a documented path, method and status,
 * a body that matches its schema and, when `headers` are given, the
 * documented headers and content type.
 * @example
 * const response = await fetch(`${baseUrl}/projects`, { headers })
 * expectResponseToMatchOpenApi({
 *   method: 'GET', url: response.url, status: response.status,
 *   body: await response.json(), headers: response.headers,
 * })
 */
export function expectResponseToMatchOpenApi(input: {
  method: string
  url: string
  status: number
  body: unknown
  headers?: Headers
}): void {
  const method = input.method.toLowerCase()
  const label = `${input.method.toUpperCase()} ${input.url} → ${input.status}`
  const fullPath = new URL(input.url, 'http://localhost').pathname
  // A mock restricted by `baseUrl` may put the API under a longer prefix.
  const pathname = fullPath.slice(Math.max(0, fullPath.indexOf(basePath)))
  if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) {
    throw new Error(
      `${label}: the path is not under the API base path "${basePath}". Only responses of the Content Project Read API can be checked against fixtures/openapi.json.`,
    )
  }

  const template = findPathTemplate(pathname.slice(basePath.length))
  // @note Authentication comes first, so without a valid key an undocumented
  // path or method is answered 401, as every documented one is.
  if (
    input.status === 401 &&
    (template === undefined || document.paths[template]?.[method] === undefined)
  ) {
    expectErrorResponse(
      label,
      input,
      401,
      'Unauthorized',
      'a request without a valid key',
    )
    return
  }
  if (template === undefined) {
    expectErrorResponse(label, input, 404, 'NotFound', 'an undocumented path')
    return
  }
  const pathItem = document.paths[template] ?? {}
  if (!HTTP_METHODS.includes(method) || pathItem[method] === undefined) {
    expectErrorResponse(
      label,
      input,
      405,
      'MethodNotAllowed',
      `a method "${template}" does not document`,
    )
    return
  }

  const { responses } = pathItem[method] as {
    responses: Record<string, ResponseObject | { $ref: string }>
  }
  const response = responses[String(input.status)] ?? responses.default
  if (response === undefined) {
    throw new Error(
      `${label}: status ${input.status} is not documented for ${input.method.toUpperCase()} ${template} (documented: ${Object.keys(responses).join(', ')}).`,
    )
  }
  expectResponseObject(label, input, resolveResponse(response))
}

function findPathTemplate(path: string): string | undefined {
  const segments = path.split('/')
  const matches = Object.keys(document.paths).filter((template) => {
    const parts = template.split('/')
    return (
      parts.length === segments.length &&
      parts.every((part, index) => {
        const segment = segments[index] ?? ''
        // An empty parameter (`/projects/`) is the API's to answer 422.
        return /^\{[^}]+\}$/.test(part) || part === segment
      })
    )
  })
  // A literal segment beats a parameter: pick the fewest parameters.
  const count = (template: string) => template.split('{').length
  return matches.sort((a, b) => count(a) - count(b))[0]
}

function expectErrorResponse(
  label: string,
  input: { status: number; body: unknown; headers?: Headers },
  status: number,
  responseName: string,
  reason: string,
): void {
  if (input.status !== status) {
    throw new Error(
      `${label}: expected ${status} for ${reason}, got ${input.status}.`,
    )
  }
  const response = document.components.responses[responseName]
  if (response === undefined) {
    throw new Error(
      `${label}: fixtures/openapi.json has no components/responses/${responseName}. Run "npm run generate".`,
    )
  }
  expectResponseObject(label, input, response)
}

function resolveResponse(
  response: ResponseObject | { $ref: string },
): ResponseObject {
  if (!('$ref' in response)) return response
  const name = response.$ref.replace('#/components/responses/', '')
  const resolved = document.components.responses[name]
  if (resolved === undefined) {
    throw new Error(`fixtures/openapi.json: unresolved ${response.$ref}.`)
  }
  return resolved
}

function expectResponseObject(
  label: string,
  input: { body: unknown; headers?: Headers },
  response: ResponseObject,
): void {
  // A response to HEAD has the headers of GET and no body to check.
  const isHead = label.startsWith('HEAD ')
  const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? []
  if (input.headers) {
    const contentType = input.headers.get('content-type')?.split(';')[0]?.trim()
    if (mediaType !== undefined && contentType !== mediaType) {
      throw new Error(
        `${label}: expected Content-Type "${mediaType}", got "${contentType ?? '(none)'}".`,
      )
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = input.headers.get(name)
      if (value === null) {
        if (header.required) {
          throw new Error(`${label}: the required header "${name}" is missing.`)
        }
        continue
      }
      if (header.schema) {
        expectValid(`${label}: header "${name}"`, header.schema, value)
      }
    }
  }
  if (isHead) return
  if (media?.schema === undefined) {
    throw new Error(`${label}: the documented response has no JSON schema.`)
  }
  expectValid(`${label}: body`, media.schema, input.body)
}

function expectValid(label: string, schema: JsonObject, value: unknown): void {
  // Refs point into the document added above; inline schemas (headers) are
  // keyed by their text.
  const key =
    typeof schema.$ref === 'string'
      ? `${hasOtherMode(value) ? OPEN_MODES_KEY : DOCUMENT_KEY}${schema.$ref}`
      : JSON.stringify(schema)
  let validate = validators.get(key)
  if (validate === undefined) {
    validate = ajv.compile(
      typeof schema.$ref === 'string' ? { $ref: key } : schema,
    )
    validators.set(key, validate)
  }
  if (!validate(value)) {
    throw new Error(
      `${label} does not match ${typeof schema.$ref === 'string' ? schema.$ref : 'its schema'}:\n${formatErrors(validate.errors ?? [])}`,
    )
  }
}

function formatErrors(errors: ErrorObject[]): string {
  return errors
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` ("${String(error.params.additionalProperty)}")`
          : ''
      return `  - ${error.instancePath || '(root)'} ${error.message ?? error.keyword}${extra}`
    })
    .join('\n')
}
