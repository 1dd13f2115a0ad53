import { it } from 'vitest'
import { BASE_URL, ORIGIN, useMswServer } from '../support/api-client.js'
import type { FuzzRequest } from '../support/fuzz-request.js'
import {
  assertFuzzRuns,
  readFuzzSettings,
  type FuzzOutcome,
} from '../support/fuzz-run.js'
import { expectBaseline, readBaseline } from '../support/read-baseline.js'
import { serveWholeOrigin } from '../support/serve-whole-origin.js'

// `npm run fuzz` raises the runs (FUZZ_RUNS) and draws a new seed, as CI
// does for the bounded run.
const { numRuns, seed } = readFuzzSettings(300, 'interceptor')

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

it(
  'answers random requests through the interceptor without an unasked 5xx, with JSON on every API and control path, and still answers correctly afterwards',
  async () => {
    const mock = serveWholeOrigin(server)
    const before = await readBaseline(BASE_URL)
    await assertFuzzRuns(
      {
        adapter: 'interceptor',
        send,
        pathOf: (request) => new URL(`${ORIGIN}${request.target}`).pathname,
        scenarioInForce: () => mock.scenarios.list().length > 0,
      },
      { numRuns, seed },
    )

    await mock.reset()
    await expectBaseline(BASE_URL, before)
  },
  Math.max(60_000, numRuns * 100),
)
