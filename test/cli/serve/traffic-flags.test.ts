import { expect, it } from 'vitest'
import { startCli, get } from '../../support/cli-process.js'

// The traffic flags of serve: rate limits, failures, latency and the
// X-Mock-Scenario header, and the banner's line for them.

it('limits each key with --rate-limit and answers 429 with Retry-After beyond it', async () => {
  const cli = await startCli(['--rate-limit', '2/1m', '--log', 'off'])
  const statuses: number[] = []
  let last: Response | undefined
  for (let i = 0; i < 3; i++) {
    last = await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
    statuses.push(last.status)
  }
  expect(statuses).toEqual([200, 200, 429])
  expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(50)
  expect(last!.headers.get('ratelimit-limit')).toBe('2')
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-beta')).status).toBe(
    200,
  )
  const advanced = await fetch(`${cli.url}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: '1m' }),
  })
  expect(advanced.status).toBe(200)
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
})

it('answers every request 500 with --fail-rate 1 and drops connections with --scenario network-error', async () => {
  const failing = await startCli(['--fail-rate', '1', '--log', 'off'])
  const response = await get(`${failing.apiUrl}/projects`, 'demo-key-alpha')
  expect(response.status).toBe(500)
  expect((await response.json()).error.code).toBe('internal_error')

  const dropping = await startCli([
    '--scenario',
    'network-error',
    '--log',
    'off',
  ])
  await expect(
    get(`${dropping.apiUrl}/projects`, 'demo-key-alpha'),
  ).rejects.toThrow()
})

it('delays responses with --latency and honours X-Mock-Scenario unless --strict', async () => {
  const slow = await startCli(['--latency', '120', '--log', 'off'])
  const started = performance.now()
  expect((await get(`${slow.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
  expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  const forced = await fetch(`${slow.apiUrl}/projects`, {
    headers: {
      authorization: 'Bearer demo-key-alpha',
      'x-mock-scenario': 'server-error',
    },
  })
  expect(forced.status).toBe(500)

  const strict = await startCli(['--strict', '--log', 'off'])
  const ignored = await fetch(`${strict.apiUrl}/projects`, {
    headers: {
      authorization: 'Bearer demo-key-alpha',
      'x-mock-scenario': 'server-error',
    },
  })
  expect(ignored.status).toBe(200)
})

it('shows the traffic flags in the banner', async () => {
  const cli = await startCli(
    '--rate-limit 3/1m --latency 50-200 --fail-rate 0.05'.split(' '),
  )
  expect(cli.stdout()).toMatch(
    /Traffic +3 requests per 1m per key \(fixed-window, RateLimit-\* headers\); 50-200 ms latency; 500 on 5% of requests/,
  )
})
