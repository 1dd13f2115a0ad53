import { randomBytes } from 'node:crypto'
import {
  startFaultProxy,
  type FaultProxy,
} from '../../bench/support/fault-proxy.js'
import { expect } from 'vitest'
import { startCli, type StartedCli } from './start-cli.js'

/** The API key the replica suites read with. */
export const KEY = { authorization: 'Bearer demo-key-alpha' }

/**
 * Replicas of one fleet, each a CLI process that reaches Redis through a
 * fault proxy of its own.
 */
export interface CliFleet extends AsyncDisposable {
  readonly replicas: StartedCli[]
  readonly proxies: FaultProxy[]
  readonly prefix: string
  /** Starts replica `i` again (after a SIGKILL, say) on its port, through its proxy. */
  restart(i: number): Promise<StartedCli>
}

/**
 * Starts `count` CLI replicas (`--seed 7` and `flags`) of a fleet of their
 * own at the Redis on loopback `port`, each behind a fault proxy; all stop
 * at the end of the calling block.
 * @example
 * await using fleet = await startCliFleet(redis.port, 3)
 * fleet.proxies[1]!.set('stall')
 */
export async function startCliFleet(
  port: number,
  count: number,
  flags: string[] = [],
): Promise<CliFleet> {
  const prefix = `fleet-${randomBytes(5).toString('hex')}`
  const proxies: FaultProxy[] = []
  const replicas: StartedCli[] = []
  const start = (proxy: FaultProxy, port = '0') =>
    startCli([
      ...['--port', port, '--log', 'off', '--seed', '7', ...flags],
      ...['--redis', proxy.url, '--redis-prefix', prefix],
    ])
  for (let i = 0; i < count; i++) {
    proxies.push(await startFaultProxy({ host: '127.0.0.1', port }))
    replicas.push(await start(proxies[i]!))
  }
  return {
    replicas,
    proxies,
    prefix,
    async restart(i) {
      replicas[i] = await start(proxies[i]!, new URL(replicas[i]!.url).port)
      return replicas[i]!
    },
    async [Symbol.asyncDispose]() {
      for (const replica of replicas) replica.kill('SIGCONT')
      await Promise.all(replicas.map((replica) => replica.stop()))
      await Promise.all(proxies.map((proxy) => proxy.close()))
    },
  }
}

/**
 * Reads what `path` says through the replica at `url`: the JSON body of a
 * 200, or the status of anything else (a refusal is 503).
 * @example
 * const project = await readThrough(replica.url, `/projects/${id}`)
 */
export async function readThrough(
  url: string,
  path: string,
): Promise<{ status: number; body?: any }> {
  const response = await fetch(`${url}/public-api/v1${path}`, {
    headers: KEY,
    signal: AbortSignal.timeout(20_000),
  })
  if (response.status !== 200) {
    await response.body?.cancel()
    return { status: response.status }
  }
  return { status: 200, body: await response.json() }
}

/**
 * Sets a project's description through the control API at `url`.
 * @example
 * expect(await describeProject(replica.url, id, 'v1')).toBe(200)
 */
export async function describeProject(
  url: string,
  id: string,
  description: string,
): Promise<number> {
  const response = await fetch(`${url}/__mock/projects/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ description }),
    signal: AbortSignal.timeout(20_000),
  })
  await response.body?.cancel()
  return response.status
}

/**
 * Waits until `check` resolves `true`, trying every 50 ms for `ms` at
 * most; resolves with whether it did.
 * @example
 * expect(await eventually(async () => (await health(url)) === 200)).toBe(true)
 */
export async function eventually(
  check: () => Promise<boolean>,
  ms = 10_000,
): Promise<boolean> {
  const deadline = performance.now() + ms
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/** What a read of the project through `url` shows: its description, or the refusal's status. */
export async function description(
  url: string,
  id: string,
): Promise<string | number> {
  const read = await readThrough(url, `/projects/${id}`)
  return read.status === 200 ? read.body.data.description : read.status
}

/** Expects each replica at `urls` to come to show `expected` as the project's description. */
export async function expectEachShows(
  urls: string[],
  id: string,
  expected: string | number,
) {
  for (const url of urls) {
    const shows = async () => (await description(url, id)) === expected
    expect(await eventually(shows), url).toBe(true)
  }
}

/** Expects a write through the second replica to read back through the first at once. */
export async function expectWriteReadBack(
  urls: string[],
  id: string,
  text: string,
) {
  expect(await describeProject(urls[1]!, id, text)).toBe(200)
  expect(await description(urls[0]!, id)).toBe(text)
}
