import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, it } from 'vitest'
import { freePort } from './free-port.js'

/**
 * Whether the replica suites must run: in CI (`CI`, set by `.ci/run`'s
 * runner) or with `REQUIRE_REDIS=1`, a missing `redis-server` is a failure,
 * not a skip.
 */
export const REQUIRE_REDIS = [process.env.REQUIRE_REDIS, process.env.CI].some(
  (value) => !['', '0', 'false', undefined].includes(value),
)

/**
 * The `redis-server` a replica suite runs against, or undefined (with one
 * line saying why) when there is none and neither `CI` nor `REQUIRE_REDIS`
 * is set.
 * @throws when Redis is required and no `redis-server` is found.
 * @example
 * const redisPath = findSuiteRedis()
 * const itWithRedis = it.skipIf(redisPath === undefined)
 */
export function findSuiteRedis(): string | undefined {
  const path = process.env.REDIS_SERVER_PATH ?? 'redis-server'
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' })
  if (probe.status === 0) return path
  const reason = `${path} not found (REDIS_SERVER_PATH ${process.env.REDIS_SERVER_PATH === undefined ? 'unset' : 'set'})`
  if (REQUIRE_REDIS) {
    throw new Error(
      `CI or REQUIRE_REDIS is set, but the replica suite cannot run: ${reason}. Install it (on Debian: apt-get install redis-server) or set REDIS_SERVER_PATH, or unset REQUIRE_REDIS to skip the suite.`,
    )
  }
  console.log(
    `replica suite skipped: ${reason}. Install redis-server (on Debian: apt-get install redis-server) to run it.`,
  )
  return undefined
}

/** A `redis-server` of a test: its URL, and its stop and restart on the same port. */
export interface TestRedis extends AsyncDisposable {
  readonly url: string
  readonly port: number
  /** Stops it (SIGTERM) and waits for its exit; its data is gone unless it persists. */
  stop(): Promise<void>
  /** Kills it (SIGKILL), as a crash would, and waits for its exit. */
  kill(): Promise<void>
  /** Starts it again on the same port: empty, or with its data if it persists. */
  start(): Promise<void>
}

/**
 * Starts a throwaway `redis-server` on a free loopback port, without
 * persistence (`--save '' --appendonly no`), or with `persist` writing
 * every command to its append-only file before it answers
 * (`--appendfsync always`), and resolves once it accepts connections; it
 * stops at the end of the calling block.
 * @example
 * await using redis = await startRedis(redisPath)
 * await createContentApiServer({ port: 0, redis: redis.url })
 */
export async function startRedis(
  path: string,
  { persist = false } = {},
): Promise<TestRedis> {
  const port = await freePort()
  const folder = persist
    ? mkdtempSync(join(tmpdir(), 'content-api-mock-redis-'))
    : undefined
  const persistence =
    folder === undefined
      ? ['--appendonly', 'no']
      : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', folder]
  let child: ChildProcess | undefined
  async function start() {
    const started = spawn(
      path,
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', ''],
        ...persistence,
        ...['--protected-mode', 'no'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = started
    let output = ''
    await new Promise<void>((resolve, reject) => {
      const check = (chunk: Buffer) => {
        output += chunk.toString('utf8')
        if (output.includes('Ready to accept connections')) resolve()
      }
      started.stdout!.on('data', check)
      started.stderr!.on('data', check)
      started.once('exit', (code) =>
        reject(new Error(`redis-server exited with ${code}:\n${output}`)),
      )
    })
  }
  async function stop(signal: NodeJS.Signals = 'SIGTERM') {
    const running = child
    child = undefined
    if (running === undefined || running.exitCode !== null) return
    const exited = once(running, 'exit')
    running.kill(signal)
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: () => stop(),
    kill: () => stop('SIGKILL'),
    async [Symbol.asyncDispose]() {
      await stop()
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
    },
  }
}

/**
 * Starts one `redis-server` for the suite that calls it (before its tests,
 * when there is one) and stops it after them; returns a getter for it.
 * @example
 * const redisPath = findSuiteRedis()
 * const redis = useSuiteRedis(redisPath)
 * itWithRedis('shares', async () => { await startReplicas(redis().url, 3) })
 */
export function useSuiteRedis(path: string | undefined): () => TestRedis {
  let redis: TestRedis | undefined
  beforeAll(async () => {
    if (path !== undefined) redis = await startRedis(path)
  })
  afterAll(async () => {
    await redis?.stop()
  })
  return () => {
    if (redis === undefined) throw new Error('No redis-server for this suite.')
    return redis
  }
}

/**
 * The preamble of a replica suite: finds `redis-server` (skipping the suite
 * with one line without one, failing under CI or REQUIRE_REDIS), starts one
 * for the suite, and gives the `it` that runs only with it.
 * @example
 * const { itWithRedis, redis } = useRedisSuite()
 * itWithRedis('shares', async () => { await startReplicas(redis().url, 3) })
 */
export function useRedisSuite() {
  const redisPath = findSuiteRedis()
  return {
    redisPath,
    itWithRedis: it.skipIf(redisPath === undefined),
    redis: useSuiteRedis(redisPath),
  }
}
