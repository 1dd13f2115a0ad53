import type { ContentApiServer } from 'content-api-mock/server'
import { expect } from 'vitest'
import { eventually } from '../support/cli-fleet.js'
import { useRedisSuite } from '../support/redis-server.js'
import { control, startReplicas } from '../support/replicas.js'

// Every member of `server.mock` either only reads, or changes state that
// reaches the fleet's other replicas: a member added to the mock without a
// line here fails the first test, and a changing one that does not reach
// another replica fails the second. `db` is left out on purpose: its
// @msw/data collections are this replica's copy (docs/replicas.md).

const { itWithRedis, redis } = useRedisSuite()

type Mock = ContentApiServer['mock']
type Change = (mock: Mock, first: (kind: Kind) => any) => unknown
type Kind = 'accounts' | 'apiKeys' | 'projects' | 'contents'

const ID_FIELDS = {
  accounts: 'id',
  apiKeys: 'key',
  projects: 'project_unique',
  contents: 'variation_unique',
} as const
const PATCHES = {
  accounts: { name: 'Renamed' },
  apiKeys: { revoked: true },
  projects: { description: 'Patched' },
  contents: { title: 'Patched' },
} as const

function recordMembers(kind: Kind): Record<string, Change | 'reads'> {
  const id = ID_FIELDS[kind]
  const copy = (first: (kind: Kind) => any) => ({
    ...first(kind),
    [id]: `copy-${first(kind)[id]}`,
  })
  return {
    [`${kind}.list`]: 'reads',
    [`${kind}.get`]: 'reads',
    [`${kind}.create`]: (mock, first) => mock[kind].create(copy(first)),
    [`${kind}.patch`]: (mock, first) =>
      mock[kind].patch(`copy-${first(kind)[id]}`, PATCHES[kind] as never),
    [`${kind}.delete`]: (mock, first) =>
      mock[kind].delete(`copy-${first(kind)[id]}`),
  }
}

const MEMBERS: Record<string, Change | 'reads'> = {
  handle: 'reads',
  handleAsset: 'reads',
  exportFixtures: 'reads',
  clientReport: 'reads',
  'clock.now': 'reads',
  'clock.set': (mock) => mock.clock.set('2031-02-03T04:05:06Z'),
  'clock.advance': (mock) => mock.clock.advance(90_000),
  'clock.setSpeed': (mock) => mock.clock.setSpeed(0.5),
  'clock.pause': (mock) => mock.clock.pause(),
  'clock.resume': (mock) => mock.clock.resume(),
  'clock.toRealTime': (mock) => mock.clock.toRealTime(),
  'clock.reset': (mock) => mock.clock.reset(),
  'scenarios.list': 'reads',
  'scenarios.add': (mock) => mock.scenarios.add({ status: 502 }),
  'scenarios.remove': (mock) =>
    mock.scenarios.remove(mock.scenarios.list()[0]!.id),
  'scenarios.clear': (mock) => {
    mock.scenarios.add('slow')
    mock.scenarios.clear()
  },
  'variants.list': 'reads',
  'variants.set': (mock) => mock.variants.set(['nullable']),
  'requests.list': 'reads',
  'requests.count': 'reads',
  'requests.clear': (mock) => mock.requests.clear(),
  ...recordMembers('accounts'),
  ...recordMembers('apiKeys'),
  ...recordMembers('projects'),
  ...recordMembers('contents'),
  load: async (mock) => {
    const document = mock.exportFixtures()
    document.contents = document.contents.slice(0, 3)
    await mock.load(document)
  },
  reset: (mock) => mock.reset(),
}

/** The paths of the functions of `object`, `db` left out. */
function functionPaths(object: object, prefix = ''): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(object)).flatMap(
    ([name, descriptor]) => {
      if (name === 'db' || descriptor.get !== undefined) return []
      const value: unknown = descriptor.value
      if (typeof value === 'function') return [`${prefix}${name}`]
      if (typeof value !== 'object' || value === null) return []
      if (value instanceof Promise) return []
      return functionPaths(value, `${prefix}${name}.`)
    },
  )
}

/** What a replica shows of the state its control API reads. */
async function shown(replica: ContentApiServer) {
  const read = async (path: string) => (await control(replica.url, path)).body
  const clock = await read('/clock')
  return {
    // Running clocks read apart by the time between two requests.
    clock: clock.speed === 0 ? clock : { speed: clock.speed },
    scenarios: await read('/scenarios'),
    variants: await read('/variants'),
    fixtures: await read('/fixtures'),
    requests: (await read('/requests')).meta,
  }
}

itWithRedis(
  'names every member of server.mock here, as one that reads or one that changes',
  async () => {
    await using replicas = await startReplicas(redis().url, 1, { seed: 7 })
    expect(functionPaths(replicas[0]!.mock).sort()).toEqual(
      Object.keys(MEMBERS).sort(),
    )
  },
)

itWithRedis(
  'shows a change made by each changing member of server.mock through another replica',
  async () => {
    await using replicas = await startReplicas(redis().url, 2, { seed: 7 })
    const [one, two] = [replicas[0]!, replicas[1]!]
    const start = one.mock.exportFixtures()
    const first = (kind: Kind) =>
      ({
        accounts: start.accounts,
        apiKeys: start.api_keys,
        projects: start.projects,
        contents: start.contents,
      })[kind][0]
    await fetch(`${one.apiUrl}/projects`)
    for (const [path, change] of Object.entries(MEMBERS)) {
      if (change === 'reads') continue
      await change(one.mock, first)
      const expected = JSON.stringify(await shown(one))
      const same = async () => JSON.stringify(await shown(two)) === expected
      expect(await eventually(same, 5_000), path).toBe(true)
    }
  },
  60_000,
)
