import { randomInt } from 'node:crypto'
import fc from 'fast-check'
import { expect } from 'vitest'

/**
 * One request the fuzz suite sends: a method, a raw request target (path and
 * query, as written on the request line), headers (a name may repeat) and an
 * optional body.
 */
export interface FuzzRequest {
  method: string
  target: string
  headers: Array<[name: string, value: string]>
  body?: string
}

/** The API prefix and the names of test/fixtures/small.json. */
const PREFIX = '/public-api/v1'
const KNOWN_SEGMENTS = [
  'projects',
  'contents',
  'p1',
  'p2',
  'v1',
  'v3',
  'scenarios',
  'presets',
  'fixtures',
  'requests',
  'clock',
  'health',
  'reset',
  'api-keys',
  'accounts',
  'k_a',
  'acct_a',
  'm1',
  'video.mp4',
  'thumbnail.jpg',
  'openapi.json',
  'docs',
  '__page',
  'config.json',
]
const ODD_SEGMENTS = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E',
  '%',
  '%z',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%25',
  '%FF',
  '%u0041',
  '%%',
  'é',
  '\u00ff\u00fe',
  ';',
  '~',
  '*',
  ':id',
  '__proto__',
  'constructor',
]
const ROOTS = [
  PREFIX,
  `${PREFIX}/projects`,
  `${PREFIX}/projects/p1/contents`,
  '/public-api/v10',
  '/__mock',
  '/__MOCK',
  '/__mock/contents',
  '/__mock/scenarios',
  '/__assets',
  '/__Assets',
  '/',
  '/docs',
  '/__page',
  '/openapi.json',
  '',
]

/** Bytes the request line can carry as they are; the rest is %-encoded. */
function toRequestTargetText(text: string): string {
  return [...text]
    .map((char) => {
      if (/^[\u0021-\u007e\u00a1-\u00ff]$/.test(char)) return char
      // A lone surrogate has no UTF-8: encodeURIComponent throws on it.
      return /^[\ud800-\udfff]$/.test(char)
        ? '%ED%A0%80'
        : encodeURIComponent(char)
    })
    .join('')
}

const segment = fc.oneof(
  { arbitrary: fc.constantFrom(...KNOWN_SEGMENTS), weight: 4 },
  { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 4 },
  {
    arbitrary: fc
      .string({ unit: 'grapheme', maxLength: 8 })
      .map(encodeURIComponent),
    weight: 1,
  },
  {
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 6 })
      .map(toRequestTargetText),
    weight: 1,
  },
  // Over-long: past the 64 characters of an ID, and past Node's 16 KiB of
  // request line and headers.
  {
    arbitrary: fc.constantFrom(
      'x'.repeat(65),
      'y'.repeat(3000),
      'z'.repeat(20_000),
    ),
    weight: 1,
  },
)

const query = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  {
    arbitrary: fc
      .array(
        fc.constantFrom(
          'limit=1',
          'page=%zz',
          'cascade=true',
          'expires=1&nonce=a&signature=b',
          'status=500',
          'endpoint=getProject',
          '%zz=%zz',
          '=',
          '&&',
          'a[b]=c',
          '__proto__[x]=1',
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((parts) => `?${parts.join('&')}`),
    weight: 2,
  },
  {
    arbitrary: fc
      .string({ maxLength: 12 })
      .map((text) => `?${toRequestTargetText(text)}`),
    weight: 1,
  },
)

const VALID_TARGETS = [
  `${PREFIX}/projects`,
  `${PREFIX}/projects/p1`,
  `${PREFIX}/projects/p1/contents`,
  `${PREFIX}/projects/p1/contents/v1`,
  `${PREFIX}/projects/p1/contents/v3`,
  '/__mock/health',
  '/__mock/scenarios',
  '/__mock/requests',
  '/__mock/clock',
  '/__mock/fixtures',
  '/__mock/contents/v1',
  '/__mock/contents/v3',
  '/__mock/projects/p1',
]

const composedTarget = fc
  .tuple(fc.constantFrom(...ROOTS), fc.array(segment, { maxLength: 4 }), query)
  .map(([root, segments, search]) => {
    const path = [root, ...segments].join('/')
    return `${path.startsWith('/') ? path : `/${path}`}${search}`
  })

const target = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...VALID_TARGETS), query)
      .map(([path, search]) => path + search),
    weight: 2,
  },
  { arbitrary: composedTarget, weight: 5 },
)

const method = fc.oneof(
  { arbitrary: fc.constant('GET'), weight: 5 },
  {
    arbitrary: fc.constantFrom(
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'PROPFIND',
      'PURGE',
    ),
    weight: 5,
  },
)

/** Presets that answer at once (no `slow`), for `X-Mock-Scenario` and bodies. */
const QUICK_PRESETS = [
  'rate-limited',
  'server-error',
  'flaky',
  'network-error',
  'expired-key',
]

const header: fc.Arbitrary<[string, string]> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(
        'Bearer k_a',
        'bearer k_a',
        'BEARER k_b',
        'Bearer',
        'Bearer ',
        'Bearer  k_a',
        'Bearer k_a, Bearer k_b',
        'Basic azphOmI=',
        'Bearer %zz',
        `Bearer ${'k'.repeat(5000)}`,
        'Bearer \u00e9t\u00e9',
        'Token k_a',
      )
      .map((value): [string, string] => ['authorization', value]),
    weight: 3,
  },
  {
    arbitrary: fc
      .constantFrom(...QUICK_PRESETS, 'slowish', '', 'SERVER-ERROR')
      .map((value): [string, string] => ['x-mock-scenario', value]),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(
        'bytes=0-99',
        'bytes=-5',
        'bytes=5-2',
        'bytes=0-1,3-4',
        'items=0-1',
        'bytes=99999999999999999999-',
      )
      .map((value): [string, string] => ['range', value]),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(
        'application/json',
        'application/merge-patch+json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data; boundary=x',
      )
      .map((value): [string, string] => ['content-type', value]),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'x-forwarded-host',
          'x-forwarded-proto',
          'forwarded',
          'origin',
          'accept',
          'if-range',
          'x-fuzz',
        ),
        fc
          .string({ unit: 'binary-ascii', maxLength: 40 })
          .map((text) => text.replace(/[^\u0020-\u007e]/g, '')),
      )
      .map(([name, value]): [string, string] => [name, value]),
    weight: 2,
  },
  // Huge: past Node's 16 KiB of headers (431), or just under it.
  {
    arbitrary: fc
      .constantFrom(10_000, 20_000)
      .map((size): [string, string] => ['x-huge', 'h'.repeat(size)]),
    weight: 1,
  },
)

/** Objects and arrays nested `levels` deep, as JSON text. */
function nested(levels: number): string {
  return `${'{"a":['.repeat(levels)}${']}'.repeat(levels)}`
}

const body = fc.oneof(
  { arbitrary: fc.json({ maxDepth: 4 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      ...QUICK_PRESETS.map((preset) => JSON.stringify({ preset })),
      '{"set":"2030-01-01T00:00:00Z"}',
      '{"advance":"1h"}',
      '{"advance":"%zz"}',
      '{"title":"renamed"}',
      '{"content":null}',
      '{"__proto__":{"polluted":true}}',
      '{"version":1,"accounts":[],"api_keys":[],"projects":[],"contents":[]}',
    ),
    weight: 2,
  },
  // Deep: at the top, or where a record, a patch or the clock reads a value.
  {
    arbitrary: fc
      .tuple(
        fc.integer({ min: 40, max: 3000 }).map(nested),
        fc.constantFrom(
          '%s',
          '{"content":{"x":%s}}',
          '{"description":%s}',
          '{"set":%s}',
          '[{"preset":"flaky","match":%s}]',
        ),
      )
      .map(([value, where]) => where.replace('%s', value)),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  {
    arbitrary: fc.constantFrom('', '{', '[1,', '"\\ud800"', 'null', '\u0000'),
    weight: 1,
  },
)

/**
 * Random requests: methods (odd ones too), request targets under every
 * route with percent-encoding edge cases, `..`, Unicode and over-long
 * segments, headers (repeated, huge, odd `Authorization`, scenario presets)
 * and bodies (JSON, deeply nested, broken).
 * @example
 * fc.assert(fc.asyncProperty(fuzzRequestArbitrary, async (request) => …))
 */
export const fuzzRequestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method,
    target,
    // Mostly with the right key, so that requests get past the 401.
    headers: fc.tuple(
      fc.oneof(
        {
          arbitrary: fc.constant<Array<[string, string]>>([
            ['authorization', 'Bearer k_a'],
          ]),
          weight: 6,
        },
        { arbitrary: fc.constant<Array<[string, string]>>([]), weight: 1 },
      ),
      fc.array(header, { maxLength: 3 }),
    ),
    body: fc.option(body, { nil: undefined }),
  })
  .map(({ method, target, headers, body }) => {
    const request: FuzzRequest = {
      method,
      target,
      headers: [...headers[0], ...headers[1]],
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }
    // fast-check prints a counterexample with this: long parts cut.
    Object.defineProperty(request, fc.toStringMethod, {
      value: () => describeFuzzRequest(request),
    })
    return request
  })

/**
 * Whether a request named a preset by `X-Mock-Scenario`: then it may be
 * answered 5xx or dropped, as the preset says.
 * @example
 * if (asksForScenario(request)) allowed.push(500)
 */
export function asksForScenario(request: FuzzRequest): boolean {
  return request.headers.some(
    ([name, value]) => name === 'x-mock-scenario' && value.trim() !== '',
  )
}

/**
 * Whether a request target is the API's or the control API's, whose every
 * answer has a JSON body.
 * @example
 * isApiOrControlTarget('/__mock/clock') // true
 */
export function isApiOrControlTarget(target: string): boolean {
  return /^\/(public-api\/v1|__mock)(\/|\?|$)/.test(target)
}

/**
 * Whether a request target is the API's, where a scenario in force may
 * answer 5xx or drop the connection.
 * @example
 * isApiTarget('/public-api/v1/projects') // true
 */
export function isApiTarget(target: string): boolean {
  return /^\/public-api\/v1(\/|\?|$)/.test(target)
}

/** What a client got: an answer, or the error of a dropped connection. */
export type FuzzOutcome =
  | { status: number; contentType: string | undefined; body: string }
  | { error: string }

/**
 * Checks one answer against the fuzz properties: no 5xx and no dropped
 * connection unless a scenario asked for it (by header, or one in force,
 * on an API path), and a JSON body on every API and control path.
 * `path` is the path the adapter routed by.
 * @example
 * expectFuzzProperties(request, outcome, { path, scenarioInForce: false })
 */
export function expectFuzzProperties(
  request: FuzzRequest,
  outcome: FuzzOutcome,
  { path, scenarioInForce }: { path: string; scenarioInForce: boolean },
): void {
  const mayFail =
    (asksForScenario(request) || scenarioInForce) && isApiTarget(path)
  const shown = describeFuzzRequest(request)
  if ('error' in outcome) {
    expect(mayFail, `${shown}\nwas dropped: ${outcome.error}`).toBe(true)
    return
  }
  const answer = `${shown}\nanswered ${outcome.status} ${outcome.contentType}: ${outcome.body.slice(0, 300)}`
  if (outcome.status >= 500) expect(mayFail, answer).toBe(true)
  const bodiless =
    request.method === 'HEAD' ||
    request.method === 'OPTIONS' ||
    outcome.status === 204
  if (isApiOrControlTarget(path) && !bodiless) {
    expect(outcome.contentType, answer).toMatch(/^application\/json/)
    expect(() => JSON.parse(outcome.body), answer).not.toThrow()
  }
}

/** A request as one line for a failure message, long parts cut. */
export function describeFuzzRequest(request: FuzzRequest): string {
  const cut = (text: string) =>
    text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text
  const headers = request.headers
    .map(([name, value]) => `${name}: ${cut(value)}`)
    .join(' | ')
  const body =
    request.body === undefined
      ? ''
      : ` body ${cut(JSON.stringify(request.body))}`
  return `${request.method} ${cut(request.target)} [${headers}]${body}`
}

/**
 * Counts answers by status (`dropped` for a dropped connection) and says
 * them on one line for the test's output.
 * @example
 * const tally = createFuzzTally('server'); tally.add(outcome); console.log(tally.summary())
 */
export function createFuzzTally(adapter: string) {
  const counts = new Map<string, number>()
  let total = 0
  return {
    add(outcome: FuzzOutcome): void {
      total++
      const key = 'error' in outcome ? 'dropped' : String(outcome.status)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
    get total(): number {
      return total
    },
    summary(runs: number): string {
      const byStatus = [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key}×${count}`)
        .join(', ')
      return `fuzz (${adapter}): ${total} requests in ${runs} runs; ${byStatus}`
    },
  }
}

/**
 * How many runs a fuzz property makes (`FUZZ_RUNS`, default `fallback`) and
 * its seed: `FUZZ_SEED` to replay a run, else a new one for a longer run
 * (`FUZZ_RUNS`), in CI (`CI`, or `FUZZ_SEED=random` as `.ci/run` sets it) so
 * that each run there tries other requests, else a fixed one for the bounded
 * run of `npm test` on a developer's machine. Says the seed on stdout, so a
 * failure can be replayed.
 * @example
 * const { numRuns, seed } = readFuzzSettings(150, 'server')
 */
export function readFuzzSettings(
  fallback: number,
  adapter: string,
): { numRuns: number; seed: number } {
  const runs = process.env.FUZZ_RUNS
  const given = process.env.FUZZ_SEED
  const isNew =
    given === 'random' ||
    (given === undefined && (runs !== undefined || isCi()))
  const seed = isNew
    ? randomInt(2 ** 31)
    : given === undefined
      ? 20_261_123
      : Number(given)
  const numRuns = runs === undefined ? fallback : Number(runs)
  console.log(
    `fuzz (${adapter}): seed ${seed}, ${numRuns} runs; FUZZ_SEED=${seed} replays them`,
  )
  return { numRuns, seed }
}

function isCi(): boolean {
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false'
}
