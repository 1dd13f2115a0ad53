import { CLIENT_REPORT_RULES } from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../../support/load-fixture.js'
import {
  createPoliteClient,
  expectOnlyFinding,
} from '../../support/report-clients.js'
import { startServer } from '../../support/server.js'

async function readReport(url: string) {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return (await response.json()).data
}

for (const rule of CLIENT_REPORT_RULES) {
  it(`finds ${rule} exactly, with its count and entries, through the server over HTTP`, async () => {
    await using server = await startServer({
      fixtures: loadFixture('small.json'),
    })
    await expectOnlyFinding(
      rule,
      { apiUrl: server.apiUrl, mock: server.mock },
      () => readReport(`${server.adminUrl}/client-report`),
    )
  })
}

it('finds nothing over HTTP for a client that behaves under 429s, 500s, dropped connections and latency', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    rateLimit: { limit: 4, window: '1s' },
    scenarios: [
      { name: 'flaky', probability: 0.3, status: 500 },
      { name: 'drops', probability: 0.15, networkError: true },
      { name: 'latency', latency: { min: 20, max: 120 } },
    ],
    seed: 5,
  })
  await createPoliteClient(server.apiUrl).run()
  const statuses = new Set(server.mock.requests.list().map((e) => e.status))
  expect([...statuses].sort()).toEqual(
    expect.arrayContaining([0, 200, 429, 500]),
  )
  expect(await readReport(`${server.adminUrl}/client-report`)).toEqual({
    findings: [],
    requests: server.mock.requests.count(),
  })
})

it('finds nothing for a client that behaves against live data at --speed 60, polling a content as it generates', async () => {
  await using server = await startServer({
    live: true,
    seed: 7,
    speed: 60,
    scenarios: [
      { name: 'flaky', probability: 0.2, status: 500 },
      { name: 'latency', latency: { min: 10, max: 60 } },
    ],
  })
  const client = createPoliteClient(server.apiUrl, { key: 'demo-key-alpha' })
  const projects = JSON.parse(
    (await client.fetch(`${server.apiUrl}/projects`)).text,
  ).data
  const list = `${server.apiUrl}/projects/${projects[0].project_unique}/contents`
  const newest = JSON.parse((await client.fetch(list)).text).data[0]
  const detail = `${list}/${newest.variation_unique}`
  const steps: number[] = []
  for (let poll = 0; poll < 5; poll++) {
    if (poll > 0) await new Promise((resolve) => setTimeout(resolve, 1050))
    const body = JSON.parse((await client.fetch(detail)).text)
    steps.push(body.data.progress.step_process)
    await client.fetch(body.data.content.thumbnail_url)
  }
  expect(steps.at(-1)).toBeGreaterThanOrEqual(steps[0]!)
  expect(await readReport(`${server.adminUrl}/client-report`)).toEqual({
    findings: [],
    requests: server.mock.requests.count(),
  })
})

it('filters by key as sent or by its label, and answers another filter with 400 naming the two', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  for (const key of ['k_a', 'k_b']) {
    await fetch(`${server.apiUrl}/nope`, {
      headers: { authorization: `Bearer ${key}` },
    })
  }
  const labels = async (query: string) =>
    (await readReport(`${server.adminUrl}/client-report${query}`)).findings.map(
      (finding: { keyLabel: string }) => finding.keyLabel,
    )
  expect(await labels('')).toEqual(['acct_a#1', 'acct_b#1'])
  expect(await labels('?key=k_b')).toEqual(['acct_b#1'])
  expect(await labels('?keyLabel=acct_a%231')).toEqual(['acct_a#1'])
  expect(await labels('?key=k_unknown')).toEqual([])

  const bad = await fetch(`${server.adminUrl}/client-report?status=404`)
  expect(bad.status).toBe(400)
  expect((await bad.json()).error).toEqual({
    code: 'invalid_filter',
    message: expect.stringMatching(
      /^Unknown filter "status" in the query\. GET \/__mock\/client-report filters by key or keyLabel/,
    ),
  })
  const twice = await fetch(`${server.adminUrl}/client-report?key=a&key=b`)
  expect(twice.status).toBe(400)
  const post = await fetch(`${server.adminUrl}/client-report`, {
    method: 'POST',
  })
  expect(post.status).toBe(405)
  expect(post.headers.get('allow')).toMatch(/GET/)
})

it('is empty again after DELETE /__mock/requests and after a reset', async () => {
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
  })
  const report = `${server.adminUrl}/client-report`
  await fetch(`${server.apiUrl}/projects`)
  expect((await readReport(report)).findings).toHaveLength(1)
  await fetch(`${server.adminUrl}/requests`, { method: 'DELETE' })
  expect(await readReport(report)).toEqual({ findings: [], requests: 0 })
  await fetch(`${server.apiUrl}/projects`)
  const reset = await fetch(`${server.adminUrl}/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  expect(reset.status).toBe(200)
  expect(await readReport(report)).toEqual({ findings: [], requests: 0 })
})

it('is behind the admin token, and never shows an API key in the report or the request log', async () => {
  const logged: string[] = []
  await using server = await startServer({
    fixtures: loadFixture('small.json'),
    adminToken: 'admin-secret',
    onRequest: ({ path }) => logged.push(path),
  })
  for (let attempt = 0; attempt < 4; attempt++) {
    await fetch(`${server.apiUrl}/projects`, {
      headers: { authorization: 'Bearer sk_live_TYPO_42' },
    })
  }
  const url = `${server.adminUrl}/client-report`
  expect((await fetch(url)).status).toBe(401)
  const response = await fetch(`${url}?key=k_a`, {
    headers: { authorization: 'Bearer admin-secret' },
  })
  expect(response.status).toBe(200)
  const all = await fetch(url, {
    headers: { authorization: 'Bearer admin-secret' },
  })
  const text = await all.text()
  expect(JSON.parse(text).data.findings).toEqual([
    expect.objectContaining({ rule: 'repeated-unauthorized', count: 1 }),
  ])
  expect(text).not.toContain('sk_live_TYPO_42')
  expect(logged).toContain('/__mock/client-report?key=acct_a#1')
  expect(logged.join('\n')).not.toContain('k_a')
})
