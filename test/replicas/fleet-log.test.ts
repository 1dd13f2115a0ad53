import { expect } from 'vitest'
import { useRedisSuite } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'
import { startServer } from '../support/server.js'

// The fleet's change log across resets: the scenario IDs every replica shows
// are a function of the changes since the last reset, whether a replica
// lived through them, started late, or rebuilt after Redis came back empty.

const { itWithRedis, redis } = useRedisSuite()

const KEY = { authorization: 'Bearer demo-key-alpha' }

async function scenarioIds(url: string): Promise<string[]> {
  return (await control(url, '/scenarios')).body.data.map(
    (scenario: { id: string }) => scenario.id,
  )
}

itWithRedis(
  'shows the same scenario IDs on every replica after a reset, also on one started late',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const [one, two] = replicas
    await control(one!.url, '/scenarios', 'POST', { status: 500 })
    await control(two!.url, '/scenarios', 'POST', { status: 502 })
    expect((await control(two!.url, '/reset', 'POST')).status).toBe(200)
    await control(one!.url, '/scenarios', 'POST', { status: 503 })
    await using late = await startServer({
      seed: 7,
      redis: { url: redis().url, prefix: replicas.prefix },
    })
    for (const url of [one!.url, two!.url, late.url]) {
      expect(await scenarioIds(url)).toEqual(['scn_1'])
    }
  },
)

itWithRedis(
  'shows the same scenario IDs on every replica after Redis came back empty',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const urls = replicas.map((replica) => replica.url)
    await control(urls[0]!, '/scenarios', 'POST', { status: 500 })
    await control(urls[1]!, '/scenarios', 'POST', { status: 502 })
    await redis().stop()
    await redis().start()
    for (const url of urls) {
      while ((await control(url, '/health')).body.status !== 'ok') {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    expect(
      (await control(urls[1]!, '/scenarios', 'POST', { status: 503 })).status,
    ).toBe(201)
    await using late = await startServer({
      seed: 7,
      redis: { url: redis().url, prefix: replicas.prefix },
    })
    for (const url of [...urls, late.url]) {
      await fetch(`${url}/public-api/v1/projects`, { headers: KEY })
      expect(await scenarioIds(url)).toEqual(['scn_1'])
    }
  },
)

itWithRedis(
  'keeps only the entries from the last reset on in the change log, and every replica converges',
  async () => {
    const { Redis } = await import('ioredis')
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const [one, two] = replicas
    const projects = await (
      await fetch(`${one!.apiUrl}/projects`, { headers: KEY })
    ).json()
    const [first, second] = projects.data.map(
      (project: { project_unique: string }) => project.project_unique,
    )
    const patch = (url: string, id: string, description: string) =>
      control(url, `/projects/${id}`, 'PATCH', { description })
    for (let i = 0; i < 5; i++) await patch(one!.url, first, `before ${i}`)
    expect((await control(two!.url, '/reset', 'POST')).status).toBe(200)
    await patch(one!.url, second, 'after')

    const client = new Redis(redis().url)
    try {
      const log = await client.xrange(`${replicas.prefix}:changes`, '-', '+')
      // The reset (with the clock it put back) and the patch after it.
      expect(log.map(([, fields]) => JSON.parse(fields[3]!).kind)).toEqual([
        'reset',
        'clock',
        'record',
      ])
    } finally {
      client.disconnect()
    }
    await using late = await startServer({
      seed: 7,
      redis: { url: redis().url, prefix: replicas.prefix },
    })
    const start = await (
      await fetch(`${late.apiUrl}/projects/${first}`, { headers: KEY })
    ).json()
    for (const url of [one!.apiUrl, two!.apiUrl, late.apiUrl]) {
      const read = async (id: string) =>
        (await (await fetch(`${url}/projects/${id}`, { headers: KEY })).json())
          .data.description
      expect(await read(first)).not.toMatch(/^before/)
      expect(await read(first)).toBe(start.data.description)
      expect(await read(second)).toBe('after')
    }
  },
)
