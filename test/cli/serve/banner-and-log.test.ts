import { expect, it } from 'vitest'
import { startCli, get } from '../../support/cli-process.js'

// What serve prints and how it serves: the banner, the request log, the
// dataset flags, CORS and the admin token.

it('prints a banner with the actual URL, every key with its label and status, and a curl line', async () => {
  const cli = await startCli([])
  const banner = cli.stdout()
  expect(cli.url).not.toMatch(/:0$/)
  expect(banner).toMatch(
    /demo-key-alpha +acct_alpha#1 +Alpha Studio +active +sees \d+ projects, 1 shared read-only/,
  )
  expect(banner).toMatch(/demo-key-beta +acct_beta#1 +Beta Media +active/)
  expect(banner).toMatch(
    /demo-key-expired +acct_alpha#2 +Alpha Studio +expired at \S+Z: answers 401/,
  )
  expect(banner).toMatch(
    /demo-key-revoked +acct_alpha#3 +Alpha Studio +revoked: answers 401/,
  )
  expect(banner).toContain(
    `curl -H "Authorization: Bearer demo-key-alpha" ${cli.apiUrl}/projects`,
  )
  expect(banner).toContain(`${cli.url}/__mock`)
  expect(banner).toContain(`${cli.url}/openapi.json`)
  expect(banner).not.toContain('\u001b[')
})

it('serves the API on the printed URL and logs each request on one line', async () => {
  const cli = await startCli([])
  const response = await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
  expect(response.status).toBe(200)
  expect((await response.json()).data.length).toBeGreaterThan(0)
  await cli.waitFor(
    'stdout',
    /^GET \/public-api\/v1\/projects 200 \d+\.\dms acct_alpha#1$/m,
  )
  await get(`${cli.apiUrl}/projects`)
  await cli.waitFor('stdout', /^GET \/public-api\/v1\/projects 401 \d+\.\dms$/m)
})

it('logs requests as JSON lines with --log json, with nothing else on stdout', async () => {
  const cli = await startCli(['--log', 'json'])
  await get(`${cli.apiUrl}/projects`, 'demo-key-beta')
  await cli.waitFor('stdout', /\n$/)
  const lines = cli.stdout().trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  const entry = JSON.parse(lines[0]!)
  expect(entry).toMatchObject({
    method: 'GET',
    path: '/public-api/v1/projects',
    status: 200,
    keyLabel: 'acct_beta#1',
  })
  expect(entry.durationMs).toBeTypeOf('number')
  expect(new Date(entry.time).toISOString()).toBe(entry.time)
  expect(cli.stderr()).toContain('demo-key-beta')
})

it('logs no requests with --log off', async () => {
  const cli = await startCli(['--log', 'off'])
  const banner = cli.stdout()
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(cli.stdout()).toBe(banner)
})

it('serves generated data of the given seed and size', async () => {
  const cli = await startCli(
    '--seed 7 --projects 5 --contents 1234 --api-key my-key'.split(' '),
  )
  expect(cli.stdout()).toContain(
    'generated from seed 7: 5 projects, 1,234 contents',
  )
  expect(cli.stdout()).toContain('Bearer my-key')
  expect((await get(`${cli.apiUrl}/projects`, 'my-key')).status).toBe(200)
})

it('passes --list-order and --asset-ttl to the mock', async () => {
  const cli = await startCli(
    '--list-order oldest-first --asset-ttl 60'.split(' '),
  )
  const projects = await (
    await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
  ).json()
  const dates = projects.data.map(
    (project: { created_at: string }) => project.created_at,
  )
  expect(dates).toEqual([...dates].sort())

  const { project_unique } = projects.data[0]
  const contents = await (
    await get(
      `${cli.apiUrl}/projects/${project_unique}/contents`,
      'demo-key-alpha',
    )
  ).json()
  const { variation_unique } = contents.data[0]
  const detail = await (
    await get(
      `${cli.apiUrl}/projects/${project_unique}/contents/${variation_unique}`,
      'demo-key-alpha',
    )
  ).json()
  const expires = Number(
    new URL(detail.data.content.download_url).searchParams.get('expires'),
  )
  expect(expires - Date.now() / 1000).toBeGreaterThan(50)
  expect(expires - Date.now() / 1000).toBeLessThanOrEqual(61)
})

it('allows only the --cors-origin origins', async () => {
  const cli = await startCli([
    '--cors-origin',
    'http://localhost:3000,http://localhost:5173',
  ])
  expect(cli.stdout()).toMatch(
    /CORS +http:\/\/localhost:3000, http:\/\/localhost:5173/,
  )
  const allowed = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173' },
  })
  expect(allowed.headers.get('access-control-allow-origin')).toBe(
    'http://localhost:5173',
  )
  const other = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://evil.example' },
  })
  expect(other.headers.get('access-control-allow-origin')).toBeNull()
})

it('allows any origin with --cors-origin "*"', async () => {
  const cli = await startCli(['--cors-origin', '*'])
  const response = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173' },
  })
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
})

it('protects the control API with --admin-token', async () => {
  const cli = await startCli(['--admin-token', 's3cret'])
  expect(cli.stdout()).toMatch(
    /Admin +http:\S+\/__mock \(needs "Authorization: Bearer <admin token>"\)/,
  )
  expect(cli.stdout()).not.toContain('s3cret')
  expect((await get(`${cli.url}/__mock/health`)).status).toBe(401)
  expect((await get(`${cli.url}/__mock/health`, 's3cret')).status).toBe(200)
})
