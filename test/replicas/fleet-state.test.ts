import { expect, it } from 'vitest'
import { findSuiteRedis, useSuiteRedis } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'
import { startServer } from '../support/server.js'
import { startFaultProxy } from '../../bench/support/fault-proxy.js'

// Three replicas of one fleet: every change made through one is seen through
// the others, as if they were one process.

const redisPath = findSuiteRedis()
const itWithRedis = it.skipIf(redisPath === undefined)

/** Sends `count` project lists at once, the i-th through `urls[i % n]`; resolves with their statuses. */
function listProjects(
  urls: string[],
  count: number,
  query: (i: number) => string = () => '',
): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${urls[i % urls.length]}/projects${query(i)}`, {
        headers: KEY,
      }).then(async (response) => {
        await response.text()
        return response.status
      }),
    ),
  )
}

const apiUrls = (replicas: Array<{ apiUrl: string }>) =>
  replicas.map((replica) => replica.apiUrl)
const redis = useSuiteRedis(redisPath)

const KEY = { authorization: 'Bearer demo-key-alpha' }

itWithRedis(
  'forces a scenario added through one replica on the others',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
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
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    const projects = await (
      await fetch(`${replicas[0]!.apiUrl}/projects`, { headers: KEY })
    ).json()
    const id = projects.data[0].project_unique as string
    for (let i = 0; i < 100; i++) {
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
  60_000,
)

itWithRedis(
  'shows one clock: set through one replica, advanced through another',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
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
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    const added = await control(replicas[0]!.url, '/scenarios', 'POST', {
      status: 500,
      times: 1,
    })
    expect(added.status).toBe(201)
    const statuses = await listProjects(apiUrls(replicas), 30)
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
    await using replicas = await startReplicas(redis().url, 3, {
      seed: 7,
      rateLimit: { limit: 5, window: '1m' },
    })
    const statuses = await listProjects(apiUrls(replicas), 50)
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

itWithRedis(
  'keeps one journal for the fleet, each answered request in it once',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, {
      seed: 7,
      journalSize: 25,
    })
    await listProjects(apiUrls(replicas), 30, (i) => `?limit=${i + 1}`)
    for (const replica of replicas) {
      const journal = (await control(replica.url, '/requests')).body
      expect(journal.meta).toEqual({ total: 25, capacity: 25 })
      expect(
        new Set(journal.data.map((entry: { query: string }) => entry.query))
          .size,
      ).toBe(25)
    }
    expect(
      (await control(replicas[1]!.url, '/requests', 'DELETE')).status,
    ).toBe(204)
    expect((await control(replicas[2]!.url, '/requests')).body.data).toEqual([])
    // Answered right before a clear, still on their way: never shown after it.
    await listProjects([replicas[0]!.apiUrl], 20, (i) => `?limit=${i + 1}`)
    expect(
      (await control(replicas[1]!.url, '/requests', 'DELETE')).status,
    ).toBe(204)
    await new Promise((resolve) => setTimeout(resolve, 100))
    for (const replica of replicas) {
      expect((await control(replica.url, '/requests')).body.data).toEqual([])
    }
  },
)

itWithRedis(
  'serves variants, fixtures and resets made through one replica on the others',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    const [one, two, three] = [replicas[0]!, replicas[1]!, replicas[2]!]
    expect(
      (await control(one.url, '/variants', 'PUT', { variants: ['paginated'] }))
        .status,
    ).toBe(200)
    for (const replica of replicas) {
      expect((await control(replica.url, '/variants')).body).toEqual(
        (await control(one.url, '/variants')).body,
      )
    }
    const document = (await control(two.url, '/fixtures')).body
    document.projects = document.projects.slice(0, 2)
    document.contents = document.contents.filter(
      (content: { project_unique: string }) =>
        document.projects.some(
          (project: { project_unique: string }) =>
            project.project_unique === content.project_unique,
        ),
    )
    expect((await control(two.url, '/fixtures', 'PUT', document)).status).toBe(
      200,
    )
    for (const replica of replicas) {
      expect((await control(replica.url, '/health')).body).toMatchObject({
        status: 'ok',
        projects: 2,
        redis: 'connected',
      })
    }
    expect((await control(three.url, '/reset', 'POST', {})).status).toBe(200)
    for (const replica of replicas) {
      expect(
        (await control(replica.url, '/health')).body.projects,
      ).toBeGreaterThan(2)
      expect((await control(replica.url, '/variants')).body).toEqual(
        (await control(three.url, '/variants')).body,
      )
    }
  },
)

itWithRedis(
  'brings a replica started late to the state the fleet is in',
  async () => {
    await using replicas = await startReplicas(
      redis().url,
      2,
      { seed: 7 },
      'late-fleet',
    )
    await control(replicas[0]!.url, '/clock', 'POST', {
      set: '2031-05-01T00:00:00Z',
    })
    await control(replicas[1]!.url, '/scenarios', 'POST', {
      status: 503,
      match: { endpoint: 'getProject' },
    })
    const projects = await (
      await fetch(`${replicas[0]!.apiUrl}/projects`, { headers: KEY })
    ).json()
    const id = projects.data[0].project_unique as string
    await control(replicas[0]!.url, `/projects/${id}`, 'PATCH', {
      description: 'late',
    })
    await using late = await startReplicas(
      redis().url,
      1,
      { seed: 7 },
      'late-fleet',
    )
    expect((await control(late[0]!.url, '/clock')).body.now).toBe(
      '2031-05-01T00:00:00.000Z',
    )
    expect((await control(late[0]!.url, '/scenarios')).body.data).toEqual(
      (await control(replicas[0]!.url, '/scenarios')).body.data,
    )
    const project = await (
      await fetch(`${late[0]!.apiUrl}/projects`, { headers: KEY })
    ).json()
    expect(
      project.data.find(
        (item: { project_unique: string }) => item.project_unique === id,
      ).description,
    ).toBe('late')
    expect(
      (await fetch(`${late[0]!.apiUrl}/projects/${id}`, { headers: KEY }))
        .status,
    ).toBe(503)
  },
)

itWithRedis('runs one --speed clock for replicas started apart', async () => {
  await using first = await startReplicas(
    redis().url,
    1,
    { seed: 7, speed: 60 },
    'speed-fleet',
  )
  // A second of real time between the starts is a minute of mock time.
  const startedApart = Date.now() + 1000
  while (Date.now() < startedApart)
    await new Promise((resolve) => setTimeout(resolve, 50))
  await using second = await startReplicas(
    redis().url,
    1,
    { seed: 7, speed: 60 },
    'speed-fleet',
  )
  const readings = await Promise.all(
    [first[0]!, second[0]!].map(async (replica) => {
      const asked = Date.now()
      const { now } = (await control(replica.url, '/clock')).body
      // Mock time as of `asked`: the reply took some real time at speed 60.
      return { at: Date.parse(now), asked }
    }),
  )
  const [a, b] = readings as [
    { at: number; asked: number },
    { at: number; asked: number },
  ]
  expect(Math.abs(a.at - (a.asked - b.asked) * 60 - b.at)).toBeLessThan(
    100 * 60,
  )
})

itWithRedis(
  "applies the start options once for the fleet: a later replica takes the first one's",
  async () => {
    await using first = await startReplicas(
      redis().url,
      1,
      { seed: 7, rateLimit: { limit: 5, window: '1m' } },
      'start-options',
    )
    await using later = await startReplicas(
      redis().url,
      2,
      { seed: 7, scenarios: ['server-error'] },
      'start-options',
    )
    for (const replica of [...first, ...later]) {
      const scenarios = (await control(replica.url, '/scenarios')).body.data
      expect(
        scenarios.map((scenario: { name: string }) => scenario.name),
      ).toEqual(['rate-limit'])
    }
    expect(
      (await fetch(`${later[1]!.apiUrl}/projects`, { headers: KEY })).status,
    ).toBe(200)
  },
)

itWithRedis(
  'draws seeded fail rates across the fleet as one process draws them',
  async () => {
    const options = { seed: 7, scenarios: [{ status: 500, probability: 0.5 }] }
    await using alone = await startServer(options)
    const expected = []
    for (let i = 0; i < 24; i++) {
      expected.push(
        (await fetch(`${alone.apiUrl}/projects`, { headers: KEY })).status,
      )
    }
    expect(new Set(expected)).toEqual(new Set([200, 500]))
    await using replicas = await startReplicas(redis().url, 3, options)
    const statuses = []
    for (let i = 0; i < 24; i++) {
      statuses.push(
        (await fetch(`${replicas[i % 3]!.apiUrl}/projects`, { headers: KEY }))
          .status,
      )
    }
    expect(statuses).toEqual(expected)
  },
)

itWithRedis(
  'counts rate-limit windows on the fleet clock: an advance through one replica opens them on all',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, {
      seed: 7,
      rateLimit: { limit: 2, window: '1m' },
    })
    const status = async (i: number) =>
      (await fetch(`${replicas[i % 3]!.apiUrl}/projects`, { headers: KEY }))
        .status
    expect([await status(0), await status(1), await status(2)]).toEqual([
      200, 200, 429,
    ])
    await control(replicas[1]!.url, '/clock', 'POST', { advance: '1m' })
    expect([await status(2), await status(0), await status(1)]).toEqual([
      200, 200, 429,
    ])
  },
)

itWithRedis(
  'orders the journal by arrival, though each replica sends its entries in batches',
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    for (let i = 1; i <= 12; i++) {
      const replica = replicas[i % 3]!
      await (
        await fetch(`${replica.apiUrl}/projects?limit=${i}`, { headers: KEY })
      ).text()
    }
    const journal = (await control(replicas[0]!.url, '/requests')).body
    expect(journal.data.map((entry: { query: string }) => entry.query)).toEqual(
      Array.from({ length: 12 }, (_, i) => `limit=${i + 1}`),
    )
  },
)

itWithRedis(
  "resolves server.mock's async calls once every replica shows their changes",
  async () => {
    await using replicas = await startReplicas(redis().url, 3, { seed: 7 })
    const [one, two, three] = [replicas[0]!, replicas[1]!, replicas[2]!]
    const [project] = one.mock.projects.list()
    const id = project!.project_unique
    const read = async (url: string) =>
      (await (await fetch(`${url}/projects/${id}`, { headers: KEY })).json())
        .data.description
    for (let i = 0; i < 20; i++) {
      await one.mock.projects.patch(id, { description: `from Node ${i}` })
      expect(await read(two.apiUrl)).toBe(`from Node ${i}`)
      expect(await read(three.apiUrl)).toBe(`from Node ${i}`)
    }
    await two.mock.reset()
    expect(await read(three.apiUrl)).toBe(project!.description)
  },
)

itWithRedis(
  'reads the head on a timer, not per API request: 200 requests at once through a slow link take a few reads, not 200',
  async () => {
    const { Redis } = await import('ioredis')
    await using proxy = await startFaultProxy({
      host: '127.0.0.1',
      port: redis().port,
    })
    const prefix = `timer-${Date.now()}`
    await using replica = await startServer({
      seed: 7,
      redis: { url: proxy.url, prefix },
    })
    // 300 ms a round trip: one read of the head at a time, each slow.
    proxy.set('slow', { delayMs: 150 })
    const client = new Redis(redis().url)
    const monitor = await client.monitor()
    let reads = 0
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'get' && args[1] === `${prefix}:head`) {
        reads++
      }
    })
    try {
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const response = await fetch(`${replica.apiUrl}/projects`, {
            headers: KEY,
          })
          await response.text()
          return response.status
        }),
      )
      // A busy machine may hold some past the wait: refused, never stale.
      expect(statuses).toContain(200)
      expect(statuses.filter((status) => status !== 503)).toEqual(
        statuses.filter((status) => status === 200),
      )
    } finally {
      monitor.disconnect()
      client.disconnect()
    }
    expect(reads).toBeLessThan(20)
  },
)

itWithRedis(
  'journals every field of an entry through the fleet, as one server journals it (a field added to entries needs no fleet code)',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    await using alone = await startServer({ seed: 7 })
    for (const server of [replicas[0]!, alone]) {
      const answer = await fetch(`${server.apiUrl}/projects?limit=2`, {
        headers: KEY,
      })
      await answer.text()
    }
    const [fleetEntry] = (await control(replicas[1]!.url, '/requests')).body
      .data
    const [aloneEntry] = (await control(alone.url, '/requests')).body.data
    expect(Object.keys(fleetEntry).sort()).toEqual(
      Object.keys(aloneEntry).sort(),
    )
    // The times are each request's own; the rest is the same request's.
    const { time, durationMs, startMs, lifetimeClockMs, ...fields } = aloneEntry
    expect(fleetEntry).toMatchObject(fields)
  },
)
