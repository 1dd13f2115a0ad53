import { CLIENT_REPORT_RULES, createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { BASE_URL, useMswServer } from '../../support/api-client.js'
import { loadFixture } from '../../support/load-fixture.js'
import {
  createPoliteClient,
  expectOnlyFinding,
} from '../../support/report-clients.js'

const server = useMswServer()

function serve(options: Parameters<typeof createContentApiMock>[0] = {}) {
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    ...options,
  })
  server.use(...mock.handlers)
  return mock
}

for (const rule of CLIENT_REPORT_RULES) {
  it(`finds ${rule} exactly, with its count and entries, through the interceptor`, async () => {
    const mock = serve()
    await mock.ready
    await expectOnlyFinding(rule, { apiUrl: BASE_URL, mock })
  })
}

it('finds nothing for a client that behaves, with no scenario', async () => {
  const mock = serve()
  await createPoliteClient(BASE_URL).run()
  expect(mock.requests.count()).toBeGreaterThan(10)
  expect(mock.clientReport()).toEqual({
    findings: [],
    requests: mock.requests.count(),
  })
})

it('finds nothing for a client that behaves under 429s, 500s, dropped connections and latency', async () => {
  const mock = serve({
    rateLimit: { limit: 4, window: '1s' },
    scenarios: [
      { name: 'flaky', probability: 0.3, status: 500 },
      { name: 'drops', probability: 0.15, networkError: true },
      { name: 'outage', status: 503, retryAfter: 1, times: 1 },
      { name: 'latency', latency: { min: 20, max: 120 } },
    ],
    seed: 3,
  })
  await createPoliteClient(BASE_URL).run()
  const journal = mock.requests.list()
  // The scenarios did fire: the client met each kind of trouble.
  for (const status of [429, 500, 503, 0]) {
    expect(journal.some((entry) => entry.status === status)).toBe(true)
  }
  expect(mock.clientReport().findings).toEqual([])
})

it('finds nothing for a client that behaves under error-variants, which send Retry-After as a date and 5xx as gateway pages', async () => {
  const mock = serve({
    variants: ['error-variants'],
    scenarios: [{ name: 'outage', status: 500, times: 3 }],
  })
  await createPoliteClient(BASE_URL).run({ polls: 1 })
  expect(mock.requests.count({ status: 0 })).toBe(0)
  expect(mock.clientReport().findings).toEqual([])
})

it('switches a rule off, or changes its threshold, per mock and per call', async () => {
  const mock = serve({
    clientReport: {
      'missing-authorization': false,
      'tight-polling': { requests: 4 },
    },
  })
  await fetch(`${BASE_URL}/projects`)
  for (let poll = 0; poll < 4; poll++) {
    await fetch(`${BASE_URL}/projects`, {
      headers: { authorization: 'Bearer k_a' },
    })
  }
  expect(mock.clientReport().findings.map((finding) => finding.rule)).toEqual([
    'tight-polling',
  ])
  expect(
    mock
      .clientReport({
        rules: { 'missing-authorization': true, 'tight-polling': false },
      })
      .findings.map((finding) => finding.rule),
  ).toEqual(['missing-authorization'])
  expect(() =>
    mock.clientReport({ rules: { 'tight-poling': false } as never }),
  ).toThrow(/"tight-poling": unknown option; did you mean "tight-polling"\?/)
})

it('reports one key at a time, by key as sent or by label', async () => {
  const mock = serve()
  for (const key of ['k_a', 'k_b']) {
    await fetch(`${BASE_URL}/nope`, {
      headers: { authorization: `Bearer ${key}` },
    })
  }
  const labels = (report: ReturnType<typeof mock.clientReport>) =>
    report.findings.map((finding) => finding.keyLabel)
  expect(labels(mock.clientReport())).toEqual(['acct_a#1', 'acct_b#1'])
  expect(labels(mock.clientReport({ key: 'k_b' }))).toEqual(['acct_b#1'])
  expect(mock.clientReport({ keyLabel: 'acct_a#1' }).requests).toBe(1)
  expect(mock.clientReport({ key: 'k_nobody' })).toEqual({
    findings: [],
    requests: 0,
  })
})

it('is empty again after the journal is cleared or the mock reset', async () => {
  const mock = serve()
  await fetch(`${BASE_URL}/projects`)
  expect(mock.clientReport().findings).toHaveLength(1)
  mock.requests.clear()
  expect(mock.clientReport()).toEqual({ findings: [], requests: 0 })
  await fetch(`${BASE_URL}/projects`)
  await mock.reset()
  expect(mock.clientReport()).toEqual({ findings: [], requests: 0 })
})

it('rejects a misspelt rule or threshold in the options before serving', () => {
  expect(() =>
    createContentApiMock({
      clientReport: { 'too-many-in-flight': { limt: 4 } } as never,
    }),
  ).toThrow(
    /"clientReport\.too-many-in-flight\.limt": unknown option; did you mean "limit"\?/,
  )
  expect(() =>
    createContentApiMock({
      clientReport: { 'tight-polling': { requests: 1 } },
    }),
  ).toThrow(
    /clientReport\.tight-polling\.requests.*expected a whole number, 2 or more/,
  )
})
