import { expect } from 'vitest'
import {
  describeProject,
  description,
  eventually,
  expectEachShows,
  expectWriteReadBack,
  readThrough,
  startCliFleet,
  type CliFleet,
} from '../support/cli-fleet.js'
import { startRedis, useRedisSuite } from '../support/redis-server.js'
import { control } from '../support/replicas.js'

// The fault suite: real replicas (CLI processes), each reaching a real
// redis-server through a TCP fault proxy of the test's own, while one of
// them fails. Every read that starts after a write was acknowledged sees
// it or is refused (503), never older; the replica answers again once the
// fault heals.

const { redisPath, itWithRedis, redis } = useRedisSuite()

/** The first project's ID, read through the fleet's first replica. */
async function firstProject(fleet: CliFleet): Promise<string> {
  const { body } = await readThrough(fleet.replicas[0]!.url, '/projects')
  return body.data[0].project_unique
}

async function health(url: string): Promise<number> {
  return (await fetch(`${url}/__mock/health`)).status
}

/**
 * Writes through the first replica five times, each time reading through
 * the second right after the write was acknowledged: each read shows the
 * write or is refused.
 */
async function writeThenRead(fleet: CliFleet, id: string, name: string) {
  const [writer, reader] = [fleet.replicas[0]!, fleet.replicas[1]!]
  const reads: Array<string | number> = []
  for (let i = 0; i < 5; i++) {
    expect(await describeProject(writer.url, id, `${name} ${i}`)).toBe(200)
    const read = await description(reader.url, id)
    expect([`${name} ${i}`, 503]).toContain(read)
    reads.push(read)
  }
  return reads
}

for (const [fault, link, refusedEvery] of [
  ['stall', 'stalled (bytes held both ways)', true],
  ['refuse', 'refused (connections reset)', true],
  ['slow', 'slowed by 300 ms a round trip', false],
] as const) {
  itWithRedis(
    `shows a read every write acknowledged before it, or refuses it, through a replica whose Redis link is ${link}; once healed, it answers again`,
    async () => {
      await using fleet = await startCliFleet(redis().port, 3)
      const id = await firstProject(fleet)
      const reader = fleet.replicas[1]!.url
      fleet.proxies[1]!.set(fault, { delayMs: 150 })
      const reads = await writeThenRead(fleet, id, fault)
      // Cut off, it cannot show it is fresh: it refuses, and its health
      // tells a load balancer to take it out.
      if (refusedEvery) {
        expect(reads).toEqual([503, 503, 503, 503, 503])
        expect(await health(reader)).toBe(503)
      }
      fleet.proxies[1]!.set('pass')
      await expectEachShows([reader], id, `${fault} 4`)
      expect(await health(reader)).toBe(200)
    },
    60_000,
  )
}

itWithRedis(
  'acknowledges a write while a replica is frozen (SIGSTOP), which shows it once thawed, also to a request sent while it was frozen',
  async () => {
    await using fleet = await startCliFleet(redis().port, 2)
    const id = await firstProject(fleet)
    const [writer, frozen] = [fleet.replicas[0]!, fleet.replicas[1]!]
    frozen.kill('SIGSTOP')
    let queued: Promise<string | number> | undefined
    try {
      expect(await describeProject(writer.url, id, 'while frozen')).toBe(200)
      queued = description(frozen.url, id)
      await new Promise((resolve) => setTimeout(resolve, 300))
    } finally {
      frozen.kill('SIGCONT')
    }
    expect([`while frozen`, 503]).toContain(await queued)
    expect(await description(frozen.url, id)).toBe('while frozen')
  },
  60_000,
)

itWithRedis(
  'brings a replica killed (SIGKILL) and started again to every write acknowledged meanwhile',
  async () => {
    await using fleet = await startCliFleet(redis().port, 2)
    const id = await firstProject(fleet)
    fleet.replicas[1]!.kill('SIGKILL')
    await fleet.replicas[1]!.exited
    expect(await describeProject(fleet.replicas[0]!.url, id, 'killed')).toBe(
      200,
    )
    const restarted = await fleet.restart(1)
    expect(await description(restarted.url, id)).toBe('killed')
  },
  60_000,
)

itWithRedis(
  'keeps every acknowledged write through a Redis killed and started again with its data (appendfsync always), refusing meanwhile',
  async () => {
    await using persistent = await startRedis(redisPath!, { persist: true })
    await using fleet = await startCliFleet(persistent.port, 2)
    const id = await firstProject(fleet)
    const urls = fleet.replicas.map((replica) => replica.url)
    expect(await describeProject(urls[0]!, id, 'before the crash')).toBe(200)
    await persistent.kill()
    expect(await describeProject(urls[1]!, id, 'while down')).toBe(503)
    for (const url of urls) {
      expect([503, 'before the crash']).toContain(await description(url, id))
    }
    await persistent.start()
    await expectEachShows(urls, id, 'before the crash')
    await expectWriteReadBack(urls, id, 'after')
  },
  60_000,
)

itWithRedis(
  'refuses the API and control writes while Redis is gone, health 503; back empty, the fleet is at its start state again',
  async () => {
    await using fleet = await startCliFleet(redis().port, 2)
    const id = await firstProject(fleet)
    const urls = fleet.replicas.map((replica) => replica.url)
    const start = await description(urls[0]!, id)
    expect(await describeProject(urls[0]!, id, 'lost with Redis')).toBe(200)
    await redis().stop()
    try {
      for (const url of urls) {
        // Fresh for up to 50 ms after its last read of the head: the write
        // acknowledged before Redis went, or a refusal; then refusals.
        expect(['lost with Redis', 503]).toContain(await description(url, id))
        const refuses = async () => (await description(url, id)) === 503
        expect(await eventually(refuses)).toBe(true)
        expect(await eventually(async () => (await health(url)) === 503)).toBe(
          true,
        )
        const refused = await control(url, '/scenarios', 'POST', {
          status: 500,
        })
        expect(refused.status).toBe(503)
        expect(refused.body.error.code).toBe('redis_unavailable')
        expect(refused.body.error.message).toMatch(
          /^Not done: .*try again once GET \/__mock\/health answers 200\.$/,
        )
      }
    } finally {
      await redis().start()
    }
    await expectEachShows(urls, id, start)
    await expectWriteReadBack(urls, id, 'after')
  },
  60_000,
)

itWithRedis(
  'answers from the last state while Redis is gone with --redis-offline serve-last-state, health 200 "degraded", and journals those answers once healed',
  async () => {
    await using fleet = await startCliFleet(redis().port, 2, [
      '--redis-offline',
      'serve-last-state',
    ])
    const id = await firstProject(fleet)
    const urls = fleet.replicas.map((replica) => replica.url)
    expect(await describeProject(urls[0]!, id, 'last')).toBe(200)
    // Seen there before the cut: what it then serves is the last it knew.
    expect(await description(urls[1]!, id)).toBe('last')
    fleet.proxies[1]!.set('refuse')
    expect(await description(urls[1]!, id)).toBe('last')
    expect(
      await eventually(async () => {
        const response = await fetch(`${urls[1]}/__mock/health`)
        const body = await response.json()
        return response.status === 200 && body.status === 'degraded'
      }),
    ).toBe(true)
    expect(
      (await control(urls[1]!, '/clock', 'POST', { advance: '1m' })).status,
    ).toBe(503)
    // What it answered while cut off reaches the fleet's journal once healed.
    const cutOff = await readThrough(urls[1]!, `/projects/${id}?while=cut-off`)
    expect(cutOff.status).toBe(200)
    fleet.proxies[1]!.set('pass')
    const journaled = async () => {
      const { body } = await control(urls[0]!, '/requests')
      const queries = body.data.map((entry: { query: string }) => entry.query)
      return queries.some((query: string) => query.includes('while=cut-off'))
    }
    expect(await eventually(journaled)).toBe(true)
  },
  60_000,
)
