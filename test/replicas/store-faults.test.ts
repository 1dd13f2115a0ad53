import { Redis } from 'ioredis'
import { expect } from 'vitest'
import {
  describeProject,
  eventually,
  expectEachShows,
  KEY,
  readThrough,
  startCliFleet,
} from '../support/cli-fleet.js'
import { expectUsageError, runCli } from '../support/cli-process.js'
import { useRedisSuite } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'
import { startCli } from '../support/start-cli.js'

// Faults of the store itself, each a finding of the reliability review:
// Redis emptied under a replica that only serves the API, what cannot be
// read under the prefix, a lock left without expiry, a journal of 100k
// requests, fixtures loaded again and again, and a replica left open in a
// protected fleet.

const { itWithRedis, redis } = useRedisSuite()

async function withClient<Result>(use: (client: Redis) => Promise<Result>) {
  const client = new Redis(redis().url)
  try {
    return await use(client)
  } finally {
    client.disconnect()
  }
}

itWithRedis(
  'shows the writes after a FLUSHALL on a replica that only serves the API',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const [writer, reader] = [replicas[0]!, replicas[1]!]
    const created = { id: 'acct_after_flush', name: 'After the flush' }
    await withClient((client) => client.flushall())
    expect(
      (await control(writer.url, '/accounts', 'POST', created)).status,
    ).toBe(201)
    for (let i = 0; i < 9; i++) {
      const name = `renamed ${i}`
      await control(writer.url, `/accounts/${created.id}`, 'PATCH', { name })
      const read = await control(reader.url, `/accounts/${created.id}`)
      expect(read.body.data.name).toBe(name)
    }
    expect((await control(reader.url, '/health')).body.status).toBe('ok')
  },
)

itWithRedis(
  'refuses the API on a replica that meets a change it cannot read, with one log line naming the key and health saying so',
  async () => {
    await using fleet = await startCliFleet(redis().port, 2)
    const [writer, reader] = [fleet.replicas[0]!, fleet.replicas[1]!]
    const changes = `${fleet.prefix}:changes`
    await withClient((client) => client.xadd(changes, '*', 'v', 'x', 'c', '{'))
    const { body } = await readThrough(writer.url, '/projects')
    const id = body.data[0].project_unique
    expect(await describeProject(writer.url, id, 'after the garbage')).toBe(200)
    expect(
      await eventually(
        async () => (await readThrough(reader.url, '/projects')).status === 503,
      ),
    ).toBe(true)
    const health = await fetch(`${reader.url}/__mock/health`)
    expect(health.status).toBe(503)
    expect((await health.json()).problem).toContain(`${changes} holds entry`)
    const lines = reader
      .stderr()
      .split('\n')
      .filter((line) => line.includes(changes))
    expect(lines).toHaveLength(1)
    // Once the log can be read again, so can the fleet.
    await withClient(async (client) => {
      const [oldest] = await client.xrange(changes, '-', '+', 'COUNT', 1)
      await client.xdel(changes, oldest![0])
    })
    await expectEachShows([reader.url], id, 'after the garbage')
  },
  60_000,
)

itWithRedis(
  'refuses writes naming a key of the wrong type, and a replica started then exits 2 with one line naming it',
  async () => {
    await using replicas = await startReplicas(redis().url, 1, { seed: 7 })
    const changes = `${replicas.prefix}:changes`
    await withClient(async (client) => {
      await client.del(changes)
      await client.set(changes, 'not a stream')
    })
    const refused = await control(replicas[0]!.url, '/clock', 'POST', {
      advance: '1m',
    })
    expect(refused.status).toBe(503)
    expect(refused.body.error.message).toContain(
      `${changes} is a string, where the fleet keeps a stream`,
    )
    const failed = await runCli([
      ...['--port', '0', '--seed', '7', '--redis', redis().url],
      ...['--redis-prefix', replicas.prefix],
    ])
    expectUsageError(
      failed,
      new RegExp(
        `^content-api-mock: The fleet at redis://127\\.0\\.0\\.1:\\d+ \\(prefix ${replicas.prefix}\\) cannot be read: ${changes} is a string, where the fleet keeps a stream\\. .*$`,
      ),
    )
  },
  30_000,
)

itWithRedis(
  'refuses the API naming the head when it is out of step with the log',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const head = `${replicas.prefix}:head`
    await withClient(async (client) => {
      const [fleet] = (await client.get(head))!.split(' ')
      await client.set(head, `${fleet} 999 1-0`)
    })
    const api = `${replicas[1]!.apiUrl}/projects`
    expect(
      await eventually(
        async () => (await fetch(api, { headers: KEY })).status === 503,
      ),
    ).toBe(true)
    const health = await control(replicas[1]!.url, '/health')
    expect(health.status).toBe(503)
    expect(health.body.problem).toContain(`but ${head} says 999`)
  },
)

itWithRedis(
  'takes a lock left without expiry once it lapsed, with one warning naming it',
  async () => {
    await using fleet = await startCliFleet(redis().port, 1)
    const lock = `${fleet.prefix}:lock`
    await withClient((client) => client.set(lock, 'left by hand'))
    const written = await control(fleet.replicas[0]!.url, '/clock', 'POST', {
      advance: '1m',
    })
    expect(written.status).toBe(200)
    const lines = fleet.replicas[0]!.stderr()
      .split('\n')
      .filter((line) => line.includes(lock))
    expect(lines).toEqual([expect.stringContaining(`${lock} had no expiry`)])
  },
  30_000,
)

itWithRedis(
  'appends to a journal of 100k requests with as few Redis commands a batch as to an empty one',
  async () => {
    await using replicas = await startReplicas(redis().url, 1, {
      seed: 7,
      journalSize: 100_000,
    })
    const url = `${replicas[0]!.apiUrl}/projects`
    /** Redis commands run inside scripts per batch added, while `count` requests are sent. */
    const commandsPerBatch = (count: number) =>
      withClient(async (client) => {
        const stats = async () => {
          const text = await client.info('commandstats')
          const calls = (name: string) =>
            Number(
              new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(text)?.[1] ?? 0,
            )
          const inner = [
            'xadd',
            'xrange',
            'xdel',
            'incrby',
            'decrby',
            'hget',
            'hset',
            'lrange',
            'llen',
          ]
          return {
            batches: calls('evalsha'),
            inner: inner.reduce((sum, name) => sum + calls(name), 0),
          }
        }
        const before = await stats()
        for (let sent = 0; sent < count; sent += 100) {
          await Promise.all(
            Array.from({ length: 100 }, async () =>
              (await fetch(url, { headers: KEY })).text(),
            ),
          )
        }
        await control(replicas[0]!.url, '/requests?limit=1')
        const after = await stats()
        return (after.inner - before.inner) / (after.batches - before.batches)
      })
    const empty = await commandsPerBatch(300)
    await commandsPerBatch(5_000)
    const full = await commandsPerBatch(300)
    expect(full).toBeLessThan(8)
    expect(full).toBeLessThanOrEqual(empty + 1)
  },
  180_000,
)

itWithRedis(
  'keeps one fixture load in the log however many are made, so Redis memory and a late join stay bounded',
  async () => {
    await using replicas = await startReplicas(redis().url, 1, {
      seed: 7,
      size: { projects: 20, contents: 400 },
    })
    const document = (await control(replicas[0]!.url, '/fixtures')).body
    // What Redis holds for its data: used_memory less its overhead (client
    // buffers, which a loaded machine leaves holding a load's bytes a while).
    const memory = () =>
      withClient(async (client) => {
        const info = await client.info('memory')
        return Number(/used_memory_dataset:(\d+)/.exec(info)![1])
      })
    expect(
      (await control(replicas[0]!.url, '/fixtures', 'PUT', document)).status,
    ).toBe(200)
    const once = await memory()
    for (let i = 0; i < 9; i++) {
      document.projects[0].description = `load ${i}`
      expect(
        (await control(replicas[0]!.url, '/fixtures', 'PUT', document)).status,
      ).toBe(200)
    }
    const kinds = await withClient(async (client) =>
      (await client.xrange(`${replicas.prefix}:changes`, '-', '+')).map(
        ([, fields]) => JSON.parse(fields[3]!).kind,
      ),
    )
    expect(kinds).toEqual(['load'])
    const size = JSON.stringify(document).length
    // Redis may free a dropped load's bytes in the background (lazyfree).
    expect(await eventually(async () => (await memory()) < once + size)).toBe(
      true,
    )
    // The log holds the one load: its document, escaped once as JSON.
    const log = await withClient((client) =>
      client.memory('USAGE', `${replicas.prefix}:changes`, 'SAMPLES', '0'),
    )
    expect(log).toBeLessThan(2 * size)
    await using late = await startReplicas(
      redis().url,
      1,
      { seed: 7, size: { projects: 20, contents: 400 } },
      replicas.prefix,
    )
    const read = await control(
      late[0]!.url,
      `/projects/${document.projects[0].project_unique}`,
    )
    expect(read.body.data.description).toBe('load 8')
  },
  60_000,
)

itWithRedis(
  'refuses to start a replica whose admin token differs from its fleet’s, so no open replica changes a protected fleet',
  async () => {
    const flags = [
      ...['--port', '0', '--log', 'off', '--seed', '7', '--redis', redis().url],
      ...['--redis-prefix', `token-${Date.now()}`],
    ]
    await using protectedOne = await startCli([
      ...flags,
      ...['--admin-token', 's3cret'],
    ])
    for (const other of [
      [],
      ['--admin-token', 'none'],
      ['--admin-token', 'other'],
    ]) {
      expectUsageError(
        await runCli([...flags, ...other]),
        /^content-api-mock: This replica's --admin-token \((none|another one)\) differs from its fleet's \(another\) at .*a fleet has one admin token.*$/,
      )
    }
    const tokenless = await fetch(`${protectedOne.url}/__mock/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"status": 500}',
    })
    expect(tokenless.status).toBe(401)
  },
  60_000,
)
