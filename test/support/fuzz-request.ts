import fc from 'fast-check'

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
