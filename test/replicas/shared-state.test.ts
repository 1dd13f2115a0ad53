import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  findSuiteRedis,
  startRedis,
  type TestRedis,
} from '../support/redis-server.js'
import { startReplicas } from '../support/replicas.js'

// Three replicas of one fleet: every change made through one is seen through
// the others, as if they were one process.

const redisPath = findSuiteRedis()
const itWithRedis = it.skipIf(redisPath === undefined)
let redis: TestRedis
beforeAll(async () => {
  if (redisPath !== undefined) redis = await startRedis(redisPath)
})
afterAll(async () => {
  await redis?.stop()
})

const KEY = { authorization: 'Bearer demo-key-alpha' }
const JSON_HEADERS = { 'content-type': 'application/json' }

async function control(
  url: string,
  path: string,
  method = 'GET',
  body?: unknown,
) {
  const response = await fetch(`${url}/__mock${path}`, {
    method,
    headers: JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
  }
}

itWithRedis(
  'forces a scenario added through one replica on the others',
  async () => {
    await using replicas = await startReplicas(redis.url, 3, { seed: 7 })
    const [one, two, three] = replicas
    expect(
      (await control(one!.url, '/scenarios', 'POST', { status: 500 })).status,
    ).toBe(201)
    for (const replica of [two!, three!]) {
      const response = await fetch(`${replica.apiUrl}/projects`, {
        headers: KEY,
      })
      expect(response.status).toBe(500)
    }
    expect((await control(three!.url, '/scenarios')).body.data).toHaveLength(1)
  },
)

itWithRedis(
  'reads a patch made through one replica through any other at once',
  async () => {
    await using replicas = await startReplicas(redis.url, 3, { seed: 7 })
    const projects = await (
      await fetch(`${replicas[0]!.apiUrl}/projects`, { headers: KEY })
    ).json()
    const id = projects.data[0].project_unique as string
    for (let i = 0; i < 30; i++) {
      const writer = replicas[i % 3]!
      const reader = replicas[(i + 1) % 3]!
      const patched = await control(writer.url, `/projects/${id}`, 'PATCH', {
        description: `v${i}`,
      })
      expect(patched.status).toBe(200)
      const read = await (
        await fetch(`${reader.apiUrl}/projects/${id}`, { headers: KEY })
      ).json()
      expect(read.data.description).toBe(`v${i}`)
    }
  },
)

itWithRedis(
  'shows one clock: set through one replica, advanced through another',
  async () => {
    await using replicas = await startReplicas(redis.url, 3, { seed: 7 })
    const [one, two, three] = replicas
    await control(one!.url, '/clock', 'POST', { set: '2030-01-01T00:00:00Z' })
    await control(two!.url, '/clock', 'POST', { advance: '1h' })
    for (const replica of replicas) {
      expect((await control(replica.url, '/clock')).body).toEqual({
        now: '2030-01-01T01:00:00.000Z',
        speed: 0,
      })
    }
    void three
  },
)

itWithRedis(
  'answers "the next request answers 500" on exactly one of 30 parallel requests across the fleet',
  async () => {
    await using replicas = await startReplicas(redis.url, 3, { seed: 7 })
    const added = await control(replicas[0]!.url, '/scenarios', 'POST', {
      status: 500,
      times: 1,
    })
    expect(added.status).toBe(201)
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${replicas[i % 3]!.apiUrl}/projects`, { headers: KEY }).then(
          (response) => response.status,
        ),
      ),
    )
    expect(statuses.filter((status) => status === 500)).toHaveLength(1)
    expect(statuses.filter((status) => status === 200)).toHaveLength(29)
    for (const replica of replicas) {
      expect((await control(replica.url, '/scenarios')).body.data).toEqual([])
    }
  },
)

itWithRedis(
  'lets exactly 5 of 50 parallel requests through a 5/min rate limit across the fleet',
  async () => {
    await using replicas = await startReplicas(redis.url, 3, {
      seed: 7,
      rateLimit: { limit: 5, window: '1m' },
    })
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${replicas[i % 3]!.apiUrl}/projects`, { headers: KEY }).then(
          (response) => response.status,
        ),
      ),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(45)
    for (const replica of replicas) {
      const [limit] = (await control(replica.url, '/scenarios')).body.data
      expect(limit.usage).toEqual([
        expect.objectContaining({ keyLabel: expect.any(String), remaining: 0 }),
      ])
    }
  },
)
