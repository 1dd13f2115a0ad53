import { expect, it } from 'vitest'
import { expectUsageError, runCli } from '../support/cli-process.js'
import { findSuiteHaproxy, startHaproxy } from '../support/haproxy.js'
import { findSuiteRedis, useSuiteRedis } from '../support/redis-server.js'
import { control as controlAt } from '../support/replicas.js'
import { startCli, type StartedCli } from '../support/start-cli.js'

// The table, end to end: three CLI replicas with --redis behind a
// real HAProxy in round-robin on loopback, each row answered as one
// process would.

const redisPath = findSuiteRedis()
const haproxyPath = redisPath === undefined ? undefined : findSuiteHaproxy()
const itWithBalancer = it.skipIf(haproxyPath === undefined)
// Needs no Redis itself, but skips with the rest of the replica suite.
const itWithRedis = it.skipIf(redisPath === undefined)
const redis = useSuiteRedis(redisPath)

const KEY = { authorization: 'Bearer demo-key-alpha' }

itWithBalancer(
  'answers every row of the table as one process behind a round-robin load balancer',
  async () => {
    const flags = [
      ...'--port 0 --log off --seed 7 --live --redis-prefix balanced'.split(
        ' ',
      ),
      ...['--redis', redis().url],
    ]
    const replicas: StartedCli[] = []
    try {
      for (let i = 0; i < 3; i++)
        replicas.push(await startCli([...flags, '--rate-limit', '5/1m']))
      await using balancer = await startHaproxy(
        haproxyPath!,
        replicas.map((replica) => replica.url),
      )
      const api = `${balancer.url}/public-api/v1`
      const get = (path: string) => fetch(`${api}${path}`, { headers: KEY })
      const control = (path: string, method?: string, body?: unknown) =>
        controlAt(balancer.url, path, method, body)

      // Rate limit 5/min per key, given to every replica: 5 of 15 pass, not 15.
      const limited = []
      for (let i = 0; i < 15; i++) limited.push((await get('/projects')).status)
      expect(limited.filter((status) => status === 200)).toHaveLength(5)
      expect((await control('/scenarios', 'DELETE')).status).toBe(204)

      // Asset URLs issued by one replica play through the others.
      const projects = await (await get('/projects')).json()
      const project = projects.data[0].project_unique as string
      const contents = await (await get(`/projects/${project}/contents`)).json()
      for (const content of contents.data.slice(0, 6)) {
        const detail = await (
          await get(`/projects/${project}/contents/${content.variation_unique}`)
        ).json()
        const url = detail.data.content?.download_url as string | undefined
        if (url === undefined) continue
        const asset = await fetch(url, { headers: { range: 'bytes=0-15' } })
        expect(asset.status, url).toBe(206)
      }

      // Scenario {status: 500}: every replica obeys; "the next request" once.
      await control('/scenarios', 'POST', { status: 500 })
      for (let i = 0; i < 3; i++)
        expect((await get('/projects')).status).toBe(500)
      await control('/scenarios', 'DELETE')
      await control('/scenarios', 'POST', { status: 500, times: 1 })
      const next = []
      for (let i = 0; i < 3; i++) next.push((await get('/projects')).status)
      expect(next).toEqual([500, 200, 200])

      // PATCH a project, then 9 reads: all see it, the first one too.
      await control(`/projects/${project}`, 'PATCH', {
        description: 'through the balancer',
      })
      for (let i = 0; i < 9; i++) {
        expect(
          (await (await get(`/projects/${project}`)).json()).data.description,
        ).toBe('through the balancer')
      }

      // Clock set, then advanced: every replica shows the result.
      await control('/clock', 'POST', { set: '2030-01-01T00:00:00Z' })
      await control('/clock', 'POST', { advance: '1m' })
      for (let i = 0; i < 6; i++) {
        expect((await control('/clock')).body.now).toBe(
          '2030-01-01T00:01:00.000Z',
        )
      }

      // The journal after 30 requests holds all 30, wherever it is read.
      await control('/requests', 'DELETE')
      for (let i = 0; i < 30; i++) await get(`/projects?limit=${i + 1}`)
      for (let i = 0; i < 3; i++)
        expect((await control('/requests')).body.meta.total).toBe(30)

      // Variants and reset.
      await control('/variants', 'PUT', { variants: ['nullable'] })
      for (let i = 0; i < 6; i++)
        expect((await control('/variants')).body).toEqual(
          (await control('/variants')).body,
        )
      await control('/reset', 'POST', {})
      for (let i = 0; i < 6; i++)
        expect((await control('/clock')).body.now).not.toBe(
          '2030-01-01T00:01:00.000Z',
        )
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()))
    }
  },
  60_000,
)

itWithBalancer(
  'exits 2 with one line when a replica serves other data than its fleet',
  async () => {
    const flags = ['--port', '0', '--log', 'off', '--redis', redis().url]
    await using fleet = await startCli([
      ...flags,
      ...'--seed 7 --redis-prefix cli-seed'.split(' '),
    ])
    // The banner says where the fleet is, without the URL's password.
    expect(fleet.stdout()).toMatch(
      /\n {2}Fleet {5}redis:\/\/127\.0\.0\.1:\d+ \(prefix cli-seed: scenarios, clock, variants, data changes and the journal shared with every replica there\)\n/,
    )
    expectUsageError(
      await runCli([
        ...flags,
        ...'--seed 8 --redis-prefix cli-seed'.split(' '),
      ]),
      /^content-api-mock: This replica's --seed \(8\) differs from its fleet's \(7\) at redis:\/\/127\.0\.0\.1:\d+ \(prefix cli-seed\): start it with the same flags as the other replicas, or give it another --redis-prefix to start a fleet of its own\.$/,
    )
  },
  60_000,
)

itWithRedis(
  'exits 2 with one line after trying an unreachable Redis for 10 seconds',
  async () => {
    // Port 1 on loopback refuses at once: the CLI keeps trying for its
    // documented 10 s (DEFAULT_CONNECT_TIMEOUT_MS), then names Redis, without its
    // credentials, and the fix.
    const failed = await runCli(
      '--port 0 --log off --redis redis://user:hunter2@127.0.0.1:1'.split(' '),
    )
    expectUsageError(
      failed,
      /^content-api-mock: Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(tried for 10 s: .+\)\. Start Redis or fix --redis, then start this replica again\.$/,
    )
    expect(failed.stderr).not.toContain('hunter2')
  },
  30_000,
)
