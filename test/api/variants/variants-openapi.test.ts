import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'
import { createContentApiMock, VARIANT_NAMES } from 'content-api-mock'
import { expect, it } from 'vitest'
import { startServer } from '../../support/server.js'

const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default
const AUTH = { authorization: 'Bearer demo-key-alpha' }

/** A validator of bodies against one of the two committed documents. */
function createBodyCheck(file: string) {
  const document = JSON.parse(
    readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8'),
  )
  const ajv = new Ajv2020({ allErrors: true, strict: true })
  addFormats(ajv)
  ajv.addVocabulary(Object.keys(document))
  ajv.addSchema(document, file)
  return (schema: string, body: unknown) =>
    ajv.validate({ $ref: `${file}#/components/schemas/${schema}` }, body)
}

const strict = createBodyCheck('openapi.json')
const tolerant = createBodyCheck('openapi.tolerant.json')

/** Every JSON answer across the API, with the schema it should match. */
async function answers(variants: (typeof VARIANT_NAMES)[number][]) {
  const mock = createContentApiMock({
    seed: 7,
    size: { projects: 6, contents: 36 },
    variants,
  })
  await mock.ready
  const get = (path: string, headers: Record<string, string> = {}) => {
    const [pathname = '', query = ''] = path.split('?')
    const response = mock.handle({
      method: 'GET',
      origin: 'http://localhost',
      path: `/public-api/v1${pathname}`,
      query,
      headers: new Headers({ ...AUTH, ...headers }),
    })!
    return {
      status: response.status,
      json: String(response.headers['content-type']).includes('json'),
      body: JSON.parse(
        String(response.headers['content-type']).includes('json')
          ? String(response.body)
          : 'null',
      ),
    }
  }
  const result: Array<{ schema: string; body: unknown }> = []
  const add = (schema: string, answer: ReturnType<typeof get>) => {
    if (answer.json) {
      result.push({
        schema: answer.status === 200 ? schema : 'ErrorEnvelope',
        body: answer.body,
      })
    }
    return answer.body
  }
  const projects = add('ProjectListResponse', get('/projects')).data
  add('ProjectListResponse', get('/projects?per_page=2&page=2'))
  add('ErrorEnvelope', get('/projects/p_none'))
  add('ErrorEnvelope', get('/projects', { 'x-mock-scenario': 'server-error' }))
  for (const project of projects) {
    const path = `/projects/${project.project_unique}`
    add('ProjectDetailResponse', get(path))
    const contents = add('ContentListResponse', get(`${path}/contents`)).data
    for (const content of contents) {
      add(
        'ContentDetailResponse',
        get(`${path}/contents/${content.variation_unique}`),
      )
    }
  }
  return result
}

it('describes every answer of the default in both documents', async () => {
  const all = await answers([])
  expect(all.length).toBeGreaterThan(40)
  for (const { schema, body } of all) {
    expect(strict(schema, body), schema).toBe(true)
    expect(tolerant(schema, body), schema).toBe(true)
  }
})

it('describes every JSON answer of every variant in the tolerant document, and not in the strict one', async () => {
  const all = await answers(['hostile'])
  for (const { schema, body } of all) {
    expect(tolerant(schema, body), `${schema} ${JSON.stringify(body)}`).toBe(
      true,
    )
  }
  expect(all.some(({ schema, body }) => !strict(schema, body))).toBe(true)
})

it('serves the tolerant document at /openapi.tolerant.json with its own server URL', async () => {
  await using server = await startServer()
  const served = await (
    await fetch(`${server.url}/openapi.tolerant.json`)
  ).json()
  const committed = JSON.parse(
    readFileSync(
      new URL('../../../fixtures/openapi.tolerant.json', import.meta.url),
      'utf8',
    ),
  )
  expect(served.servers[0].url).toBe(server.apiUrl)
  expect({ ...served, servers: [] }).toEqual({ ...committed, servers: [] })
  expect(served.info.title).toMatch(/tolerant/)
})

it('declares the status, media type, Retry-After and query of every answer of every variant in the tolerant document', async () => {
  const document = JSON.parse(
    readFileSync(
      new URL('../../../fixtures/openapi.tolerant.json', import.meta.url),
      'utf8',
    ),
  )
  const ajv = new Ajv2020({ strict: false })
  const resolve = (object: { $ref?: string }) =>
    object.$ref === undefined
      ? object
      : object.$ref
          .slice(2)
          .split('/')
          .reduce((node: any, key: string) => node[key], document)
  const mock = createContentApiMock({
    seed: 7,
    size: { projects: 6, contents: 36 },
    variants: ['hostile'],
  })
  await mock.ready
  const [project] = mock.db.projects.all()
  const lists = ['/projects', `/projects/${project!.project_unique}/contents`]
  const seen = new Set<string>()
  for (const scenario of ['', 'server-error', 'rate-limited']) {
    for (const [index, list] of lists.entries()) {
      for (const query of ['', 'page=2&per_page=3', 'page=0']) {
        const response = mock.handle({
          method: 'GET',
          origin: 'http://localhost',
          path: `/public-api/v1${list}`,
          query,
          headers: new Headers({
            ...AUTH,
            ...(scenario !== '' && { 'x-mock-scenario': scenario }),
          }),
        })!
        const operation =
          document.paths[
            index === 0 ? '/projects' : '/projects/{project_unique}/contents'
          ].get
        const where = `${scenario} ${list}?${query} ${response.status}`
        const described = operation.responses[String(response.status)]
        expect(described, where).toBeDefined()
        const { content, headers = {} } = resolve(described)
        const mediaType = String(response.headers['content-type']).split(
          ';',
        )[0]!
        expect(Object.keys(content), where).toContain(mediaType)
        const retryAfter = response.headers['retry-after']
        if (retryAfter !== undefined) {
          expect(
            ajv.validate(headers['Retry-After'].schema, retryAfter),
            `${where} Retry-After: ${retryAfter}`,
          ).toBe(true)
        }
        for (const name of new URLSearchParams(query).keys()) {
          expect(
            operation.parameters.map((p: { name: string }) => p.name),
            where,
          ).toContain(name)
        }
        seen.add(
          `${response.status} ${mediaType} ${retryAfter !== undefined && !/^\d+$/.test(retryAfter) ? 'date' : ''}`,
        )
      }
    }
  }
  // The answers the tolerant document had to learn: a 422 of a list's
  // page, a gateway's HTML page, and a Retry-After as a date.
  expect([...seen]).toEqual(
    expect.arrayContaining([
      '422 application/json ',
      expect.stringMatching(/^50[24] text\/html/),
      '429 application/json date',
    ]),
  )
})
