import { createContentApiMock } from 'content-api-mock'
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'
import { createReadOnlyControlHandlers } from '../src/demo/create-read-only-control-handlers.js'
import { BASE_URL, ORIGIN, useMswServer } from './support/api-client.js'
import {
  createFuzzTally,
  expectFuzzProperties,
  fuzzRequestArbitrary,
  readFuzzSettings,
  type FuzzOutcome,
  type FuzzRequest,
} from './support/fuzz-request.js'
import { loadFixture } from './support/load-fixture.js'

// `npm run fuzz` raises the runs (FUZZ_RUNS) and draws a new seed.
const { numRuns, seed } = readFuzzSettings(300)

const server = useMswServer()

/** Headers fetch refuses to send (it sets them itself). */
const FORBIDDEN = new Set(['host', 'content-length', 'connection'])

/**
 * Sends a request through `fetch`, as an app under test does: the URL is
 * normalised by the URL parser (`..` resolved, Unicode encoded) before the
 * interceptor sees it; repeated headers are joined with ", ".
 */
async function send(request: FuzzRequest): Promise<FuzzOutcome> {
  const headers = new Headers()
  for (const [name, value] of request.headers) {
    if (!FORBIDDEN.has(name)) headers.append(name, value)
  }
  try {
    const response = await fetch(`${ORIGIN}${request.target}`, {
      method: request.method,
      headers,
      body: request.body,
    })
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: await response.text(),
    }
  } catch (error) {
    return { error: String((error as Error).cause ?? error) }
  }
}

/** What must not change: the project list and a content, minus its signed URLs. */
async function readBaseline() {
  const headers = { authorization: 'Bearer k_a' }
  const projects = await fetch(`${BASE_URL}/projects`, { headers })
  const content = await fetch(`${BASE_URL}/projects/p1/contents/v1`, {
    headers,
  })
  const detail = await content.json()
  const { download_url, thumbnail_url, ...rest } = detail.data.content
  return {
    statuses: [projects.status, content.status],
    projects: await projects.json(),
    content: { ...detail.data, content: rest },
    download_url: download_url as string,
    thumbnail_url: thumbnail_url as string,
  }
}

it(
  'answers random requests through the interceptor without an unasked 5xx, with JSON on every API and control path, and still answers correctly afterwards',
  async () => {
    const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
    // The mock's handlers, build-demo's control API, and an app's own
    // fallback for the rest of the origin (a pattern: msw would decode a `*`).
    server.use(
      ...mock.handlers,
      ...createReadOnlyControlHandlers(mock, `${ORIGIN}/__mock`),
      http.all(/^https:\/\/api\.example\.com\//, () =>
        HttpResponse.json({ error: { code: 'fallback' } }, { status: 404 }),
      ),
    )
    const tally = createFuzzTally('interceptor')
    const before = await readBaseline()

    await fc.assert(
      fc.asyncProperty(
        fc.array(fuzzRequestArbitrary, { minLength: 1, maxLength: 4 }),
        async (requests) => {
          for (const request of requests) {
            const scenarioInForce = mock.scenarios.list().length > 0
            const outcome = await send(request)
            tally.add(outcome)
            expectFuzzProperties(request, outcome, {
              path: new URL(`${ORIGIN}${request.target}`).pathname,
              scenarioInForce,
            })
          }
        },
      ),
      { numRuns, seed },
    )
    console.log(tally.summary(numRuns))

    await mock.reset()
    const after = await readBaseline()
    expect(after).toEqual({
      ...before,
      download_url: expect.any(String),
      thumbnail_url: expect.any(String),
    })
    const video = await fetch(after.download_url)
    expect(video.status).toBe(200)
    expect(video.headers.get('content-type')).toBe('video/mp4')
  },
  Math.max(60_000, numRuns * 100),
)
