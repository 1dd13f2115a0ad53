import { request as httpRequest } from 'node:http'
import {
  createContentApiMock,
  FixtureError,
  InvalidRecordError,
} from 'content-api-mock'
import { http, passthrough } from 'msw'
import { beforeEach, expect, it } from 'vitest'
import { ORIGIN, useMswServer } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { serveWholeOrigin } from '../support/serve-whole-origin.js'
import { startSmallServer } from '../support/server.js'

const server = useMswServer()

// The real servers' requests go past the interceptor to 127.0.0.1.
beforeEach(() => {
  server.use(http.all(/^http:\/\/127\.0\.0\.1:/, () => passthrough()))
})

/** Objects nested `levels` deep: `{"a":{"a":…{}}}`, as JSON text. */
function nestedText(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`
}

/** The small fixture with content v1 free-form, holding `scenes` (JSON text). */
function documentWithScenes(scenes: string): string {
  const document = loadFixture('small.json')
  document.contents[0].mode = 'storymode'
  document.contents[0].content = { scenes: 'SCENES' }
  return JSON.stringify(document).replace('"SCENES"', scenes)
}

interface Answer {
  status: number
  code: string | undefined
}

async function readAnswer(response: Response): Promise<Answer> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = await response.json()
  return { status: response.status, code: body.error?.code }
}

const NOT_FOUND: Answer = { status: 404, code: 'not_found' }
const INVALID_400: Answer = { status: 400, code: 'invalid_parameter' }
const INVALID_422: Answer = { status: 422, code: 'invalid_parameter' }

// Method, path, the server's answer, the interceptor's answer.
const MALFORMED: Array<[string, string, Answer, Answer]> = [
  ['GET', '/__assets/%zz/video.mp4', NOT_FOUND, NOT_FOUND],
  ['GET', '/__assets/mov_x/%E0%A4%A', NOT_FOUND, NOT_FOUND],
  // Not an asset path (the prefix is case-sensitive): the mock's handlers
  // leave it to the app's fallback.
  ['GET', '/__Assets/%zz', NOT_FOUND, { status: 404, code: 'fallback' }],
  // build-demo's control API has no scenarios: 404, it needs the server.
  ['DELETE', '/__mock/scenarios/%zz', INVALID_400, NOT_FOUND],
  ['GET', '/__mock/contents/%E0%A4%A', INVALID_400, NOT_FOUND],
  ['GET', '/public-api/v1/projects/%zz/contents', INVALID_422, INVALID_422],
]

it.each(MALFORMED)(
  'answers %s %s (malformed percent-encoding) with a JSON 4xx in the server and the interceptor',
  async (method, path, fromServer, fromInterceptor) => {
    await using real = await startSmallServer()
    serveWholeOrigin(server)
    const init = { method, headers: { authorization: 'Bearer k_a' } }
    expect(await readAnswer(await fetch(`${real.url}${path}`, init))).toEqual(
      fromServer,
    )
    expect(await readAnswer(await fetch(`${ORIGIN}${path}`, init))).toEqual(
      fromInterceptor,
    )
  },
)

it('refuses PUT /__mock/fixtures of a content nested 3,000 levels deep with 400 naming the path, and keeps serving', async () => {
  await using real = await startSmallServer()
  const response = await fetch(`${real.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: documentWithScenes(nestedText(3000)),
  })
  expect(response.status).toBe(400)
  const body = await response.json()
  expect(body.error.code).toBe('invalid_fixture')
  expect(body.error.issues).toHaveLength(1)
  expect(body.error.issues[0].path).toBe(
    `contents[0].content.scenes${'.a'.repeat(96)}`,
  )
  expect(body.error.issues[0].message).toMatch(/more than 100 levels deep/)
  const health = await fetch(`${real.adminUrl}/health`)
  expect(await health.json()).toMatchObject({
    status: 'ok',
    projects: 4,
    contents: 4,
  })
})

it('refuses POST and PATCH of a record nested 3,000 levels deep with 400 naming the path', async () => {
  await using real = await startSmallServer()
  const record = JSON.parse(documentWithScenes('{}')).contents[0]
  const deepRecord = JSON.stringify({
    ...record,
    variation_unique: 'v_deep',
    content: { scenes: 'DEEP' },
  }).replace('"DEEP"', nestedText(3000))
  const deepPatch = `{"content":{"scenes":${nestedText(3000)}}}`
  for (const [method, path, body] of [
    ['POST', '/contents', deepRecord],
    ['PATCH', '/contents/v1', deepPatch],
    ['PATCH', '/projects/p1', `{"description":${nestedText(3000)}}`],
  ] as const) {
    const response = await fetch(`${real.adminUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(response.status, `${method} ${path}`).toBe(400)
    const { error } = await response.json()
    expect(error.code).toBe('invalid_json')
    expect(error.message).toMatch(
      /nests objects and arrays more than 100 levels deep, at (content\.scenes|description)\.a\.a.*…; the control API reads at most 100 levels/,
    )
  }
})

it('takes a record whose deepest object is at level 100 of its document and refuses one at level 101, naming the path', async () => {
  await using real = await startSmallServer()
  const record = JSON.parse(documentWithScenes('{}')).contents[0]
  // contents[0] is level 3, its `content` level 4, `scenes` level 5.
  const post = (id: string, levels: number) =>
    fetch(`${real.adminUrl}/contents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...record,
        variation_unique: id,
        content: { scenes: 'DEEP' },
      }).replace('"DEEP"', nestedText(levels)),
    })
  expect((await post('v_at_limit', 96)).status).toBe(201)
  const refused = await post('v_past_limit', 97)
  expect(refused.status).toBe(400)
  const { error } = await refused.json()
  expect(error.code).toBe('invalid_fixture')
  expect(error.issues).toEqual([
    {
      path: `content.scenes${'.a'.repeat(96)}`,
      message: expect.stringMatching(/more than 100 levels deep/),
    },
  ])
})

it('refuses a fixture document nested 3,000 levels deep in load() and a deep patch in mock.contents.patch(), and the interceptor keeps answering', async () => {
  const mock = serveWholeOrigin(server)
  const deep = JSON.parse(documentWithScenes(nestedText(3000)))
  expect(() => createContentApiMock({ fixtures: deep })).toThrow(FixtureError)
  const loading = mock.load(deep)
  await expect(loading).rejects.toThrow(FixtureError)
  await expect(loading).rejects.toMatchObject({
    issues: [{ path: `contents[0].content.scenes${'.a'.repeat(96)}` }],
  })
  // Deep enough for the merge itself to overflow the stack, were it reached.
  const patch = JSON.parse(`{"content":{"scenes":${nestedText(100_000)}}}`)
  const patching = mock.contents.patch('v1', patch)
  await expect(patching).rejects.toThrow(InvalidRecordError)
  await expect(patching).rejects.toMatchObject({
    issues: [{ path: `content.scenes${'.a'.repeat(96)}` }],
  })
  const response = await fetch(`${ORIGIN}/public-api/v1/projects/p1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  expect(response.status).toBe(200)
})

it('answers a control body in a charset the server does not read with 400 invalid_json, not 500 (found by the fuzz suite)', async () => {
  await using real = await startSmallServer()
  for (const [method, path] of [
    ['PATCH', '/contents/v1'],
    ['PUT', '/fixtures'],
    ['POST', '/scenarios'],
  ]) {
    const response = await fetch(`${real.adminUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{}',
    })
    expect(response.status, `${method} ${path}`).toBe(400)
    const { error } = await response.json()
    expect(error.code).toBe('invalid_json')
    expect(error.message).toMatch(
      /unsupported charset "LATIN1"\. Send JSON in UTF-8/,
    )
  }
})

it('answers HEAD with headers over 16 KiB with a 431 without a body, which the client can read (found by the fuzz suite)', async () => {
  await using real = await startSmallServer()
  const url = new URL(real.url)
  // Node's client fails on bytes after the head of a HEAD answer.
  const status = await new Promise<number | string>((resolve) => {
    const outgoing = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'HEAD',
      path: '/public-api/v1/projects',
      headers: { 'x-huge': 'h'.repeat(20_000) },
    })
    outgoing.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    outgoing.on('error', (error) => resolve(error.message))
    outgoing.end()
  })
  expect(status).toBe(431)
})
