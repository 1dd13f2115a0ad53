import fc from 'fast-check'
import { expect, it } from 'vitest'
import * as z from 'zod'
import {
  contentDetailResponseSchema,
  contentListResponseSchema,
  createContentApiMock,
  errorEnvelopeSchema,
  projectDetailResponseSchema,
  projectListResponseSchema,
} from 'content-api-mock'
// A unit test of verify's drift check and the tolerant schema, which no entry
// exports (the verify command itself is tested in test/cli/verify/verify.test.ts).
import {
  checkAnswer,
  type VerifyAnswer,
} from '../../src/contract/check-answer.js'
import {
  checkShape,
  walkShapeDrift,
} from '../../src/contract/find-shape-drift.js'
import type { VerifyCaseName } from '../../src/contract/verify-cases.js'
import { toTolerantSchema } from '../../src/schema/to-tolerant-schema.js'

// `verify` checks an answer with one zod parse of an exact twin of the
// strict schema first, and walks it only when that fails (issue 11's pass
// over bench/verify.js). Whatever a body holds, the findings must be the
// walk's, and a body the twin takes must pass the tolerant schema, whose
// parse is then skipped.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const mock = createContentApiMock({
  seed: 7,
  size: { projects: 4, contents: 16 },
})
await mock.ready
const headers = new Headers({ authorization: 'Bearer demo-key-alpha' })
const get = (path: string): Json =>
  JSON.parse(
    mock.handle({
      method: 'GET',
      origin: 'http://127.0.0.1:4010',
      path: `/public-api/v1${path}`,
      query: '',
      headers,
    })!.body as string,
  )
const projects = get('/projects') as { data: Array<{ project_unique: string }> }
const project = projects.data.find(
  ({ project_unique }) =>
    (get(`/projects/${project_unique}/contents`) as { data: Json[] }).data
      .length > 0,
)!.project_unique
const contents = get(`/projects/${project}/contents`) as {
  data: Array<{ variation_unique: string }>
}
const detail = get(
  `/projects/${project}/contents/${contents.data[0]!.variation_unique}`,
)

const BODIES: Array<{
  case: VerifyCaseName
  status: number
  schema: z.ZodType
  value: Json
}> = [
  {
    case: 'list-projects',
    status: 200,
    schema: projectListResponseSchema,
    value: projects as unknown as Json,
  },
  {
    case: 'get-project',
    status: 200,
    schema: projectDetailResponseSchema,
    value: get(`/projects/${project}`),
  },
  {
    case: 'list-contents',
    status: 200,
    schema: contentListResponseSchema,
    value: contents as unknown as Json,
  },
  {
    case: 'get-content',
    status: 200,
    schema: contentDetailResponseSchema,
    value: detail,
  },
  {
    // A mode the mock does not know: its content may be any object.
    case: 'get-content',
    status: 200,
    schema: contentDetailResponseSchema,
    value: {
      data: { ...(detail as { data: object }).data, mode: 'slideshow' },
    },
  },
  {
    case: 'unknown-project',
    status: 404,
    schema: errorEnvelopeSchema,
    value: get('/projects/prj_missing'),
  },
]

// Every place in a JSON value, as the keys that lead there.
function placesOf(value: Json, at: Array<string | number> = []) {
  const places: Array<Array<string | number>> = [at]
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      places.push(...placesOf(item, [...at, index])),
    )
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      places.push(...placesOf(item, [...at, key]))
    }
  }
  return places
}

const REPLACEMENTS: Json[] = [
  null,
  42,
  -1.5,
  '',
  'text',
  'Cafe\u0301 😀',
  '2024-03-01T09:30:00Z',
  'moviemode',
  'slideshow',
  true,
  [],
  {},
  { x_extension: 'ext' },
]

type Mutation = { place: number; how: number; replacement: number }

function mutate(value: Json, { place, how, replacement }: Mutation): Json {
  const copy = structuredClone(value)
  const places = placesOf(copy)
  const path = places[place % places.length]!
  if (path.length === 0) return REPLACEMENTS[replacement % REPLACEMENTS.length]!
  const parent = path
    .slice(0, -1)
    .reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy)
  const key = path.at(-1)!
  const target = parent as Record<string | number, Json>
  if (how % 3 === 0 && !Array.isArray(parent)) {
    delete target[key]
  } else if (how % 3 === 1 && !Array.isArray(parent)) {
    target[`x_${String(key)}`] =
      REPLACEMENTS[replacement % REPLACEMENTS.length]!
  } else {
    target[key] = REPLACEMENTS[replacement % REPLACEMENTS.length]!
  }
  return copy
}

const mutations = fc.array(
  fc.record({ place: fc.nat(), how: fc.nat(), replacement: fc.nat() }),
  { maxLength: 3 },
)

it('finds in any answer what the walk alone finds, and skips only tolerant parses that pass', () => {
  fc.assert(
    fc.property(
      fc.nat({ max: BODIES.length - 1 }),
      mutations,
      (index, changes) => {
        const body = BODIES[index]!
        const value = changes.reduce(mutate, body.value)
        const shape = checkShape(body.schema, value)
        expect(shape.drift).toEqual(walkShapeDrift(body.schema, value))
        const tolerant = toTolerantSchema(body.schema).safeParse(value).success
        if (shape.exact) expect(tolerant).toBe(true)
        const answer: VerifyAnswer = {
          case: body.case,
          request: 'GET /',
          status: body.status,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: { kind: 'json', value },
        }
        expect(checkAnswer(answer).tolerant).toBe(tolerant)
      },
    ),
    { numRuns: 2000 },
  )
})

// The response schemas have no optional, nullable or unknown fields; the
// exact twin must still refuse, where the walk finds a difference, every
// kind of schema it may meet.
const SYNTHETIC = z.object({
  optional: z.string().optional(),
  nullable: z.string().nullable(),
  anything: z.unknown(),
  inner: z.object({ x: z.string() }).optional(),
  counts: z.record(z.string(), z.number()),
  either: z.union([
    z.object({ k: z.literal('a') }),
    z.object({ k: z.literal('b'), n: z.number() }),
  ]),
  list: z.array(z.object({ id: z.int() })),
})
const SYNTHETIC_VALUE: Json = {
  optional: 'o',
  nullable: 'n',
  anything: { deep: [1] },
  inner: { x: 'x' },
  counts: { a: 1 },
  either: { k: 'b', n: 2 },
  list: [{ id: 1 }, { id: 2 }],
}

it('keeps to the walk for optional, nullable, unknown, record and union fields', () => {
  expect(checkShape(SYNTHETIC, SYNTHETIC_VALUE)).toEqual({
    exact: true,
    drift: [],
  })
  fc.assert(
    fc.property(mutations, (changes) => {
      const value = changes.reduce(mutate, SYNTHETIC_VALUE)
      const shape = checkShape(SYNTHETIC, value)
      expect(shape.drift).toEqual(walkShapeDrift(SYNTHETIC, value))
      if (shape.exact) {
        expect(toTolerantSchema(SYNTHETIC).safeParse(value).success).toBe(true)
      }
    }),
    { numRuns: 2000 },
  )
})
