import { Redis } from 'ioredis'
import { expect, it } from 'vitest'
import { createRollCall } from '../../src/server/fleet/create-roll-call.js'
import { findSuiteRedis, useSuiteRedis } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'
import { startCli } from '../support/start-cli.js'

// Replicas on the fleet's roll answer API requests without asking Redis
// first: a write is acknowledged only once each of them has it, or has been
// struck off and its lease has run out. These tests hold the roll to that.

const redisPath = findSuiteRedis()
const itWithRedis = it.skipIf(redisPath === undefined)
const redis = useSuiteRedis(redisPath)

const KEY = { authorization: 'Bearer demo-key-alpha' }

itWithRedis(
  'answers API requests of a replica on the roll without reading the head each',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    expect((await control(replicas[1]!.url, '/health')).body).toMatchObject({
      status: 'ok',
      redis: 'connected',
      roll: 'on',
    })
    const version = `${replicas.prefix}:version`
    const monitor = await new Redis(redis().url).monitor()
    let headReads = 0
    monitor.on('monitor', (_time, args: string[], source: string) => {
      if (source !== 'lua' && args.includes(version)) headReads++
    })
    try {
      for (let i = 0; i < 100; i++) {
        const response = await fetch(`${replicas[1]!.apiUrl}/projects`, {
          headers: KEY,
        })
        expect(response.status).toBe(200)
      }
    } finally {
      monitor.disconnect()
    }
    // Off the roll, each of these requests would read it first.
    expect(headReads).toBeLessThan(10)
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
  'acknowledges a write while a replica is frozen, which sees it as soon as it resumes',
  async () => {
    const flags = ['--port', '0', '--log', 'off', '--seed', '7']
    const fleet = ['--redis', redis().url, '--redis-prefix', 'frozen']
    await using writer = await startCli([...flags, ...fleet])
    await using frozen = await startCli([...flags, ...fleet])
    const api = `${frozen.apiUrl}/projects`
    const [project] = (await (await fetch(api, { headers: KEY })).json()).data
    const read = async () =>
      (
        await (
          await fetch(`${api}/${project.project_unique}`, { headers: KEY })
        ).json()
      ).data.description

    frozen.kill('SIGSTOP')
    try {
      const written = await control(
        writer.url,
        `/projects/${project.project_unique}`,
        'PATCH',
        { description: 'written while frozen' },
      )
      expect(written.status).toBe(200)
    } finally {
      frozen.kill('SIGCONT')
    }
    expect(await read()).toBe('written while frozen')
  },
  20_000,
)

itWithRedis(
  'strikes off a replica that does not answer, and acknowledges only once it is sure to be off the roll',
  async () => {
    const prefix = `strike-${Date.now()}`
    const [writer, stuck] = [new Redis(redis().url), new Redis(redis().url)]
    // A replica that never catches up: its answer never comes.
    const never = new Promise<void>(() => undefined)
    const writing = await createRollCall(writer, prefix, async () => undefined)
    const stalled = await createRollCall(stuck, prefix, async (version) => {
      if (version > 0) await never
    })
    try {
      expect(stalled.present()).toBe(true)
      // A write at version 1, as the change log appends it.
      await writer.set(`${prefix}:version`, 1)
      await writing.call(1)
      // Had the call not waited for its lease, it would still count itself on the roll.
      expect(stalled.present()).toBe(false)
    } finally {
      await writing.leave()
      await stalled.leave()
      writer.disconnect()
      stuck.disconnect()
    }
  },
  10_000,
)

itWithRedis(
  "resolves server.mock's async calls once every replica has their changes",
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
