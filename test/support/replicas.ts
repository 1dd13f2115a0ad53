import { randomBytes } from 'node:crypto'
import type { ContentApiServerOptions } from 'content-api-mock/server'
import { startServer } from './server.js'

/** Replicas of one fleet, started in-process on loopback, closed together. */
export type Replicas = Array<Awaited<ReturnType<typeof startServer>>> &
  AsyncDisposable & {
    /** Their fleet's key prefix, for a replica started later. */
    prefix: string
  }

/**
 * Starts `count` servers keeping one state in the Redis at `url`,
 * under a key prefix of their own (so tests never see each other's fleets),
 * one after another; they close at the end of the calling block.
 * @example
 * await using replicas = await startReplicas(redis.url, 3, { seed: 7 })
 */
export async function startReplicas(
  url: string,
  count: number,
  options: ContentApiServerOptions = {},
  prefix = `test-${randomBytes(6).toString('hex')}`,
): Promise<Replicas> {
  const replicas = [] as unknown as Replicas
  for (let i = 0; i < count; i++) {
    replicas.push(await startServer({ ...options, redis: { url, prefix } }))
  }
  replicas.prefix = prefix
  replicas[Symbol.asyncDispose] = async () => {
    await Promise.all(replicas.map((replica) => replica.close()))
  }
  return replicas
}

/**
 * Sends a control request to the server at `url` and reads its JSON answer.
 * @example
 * const { status, body } = await control(replica.url, '/scenarios', 'POST', { status: 500 })
 */
export async function control(
  url: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
  }
}
