import { loadFixture } from './load-fixture.js'
import {
  createContentApiServer,
  type ContentApiServer,
  type ContentApiServerOptions,
} from 'content-api-mock/server'

/**
 * Starts a server on a free loopback port that closes itself at the end of
 * the calling block: `await using server = await startServer({ … })`.
 * @example
 * await using server = await startServer({ fixtures })
 */
export async function startServer(
  options: ContentApiServerOptions = {},
): Promise<ContentApiServer & AsyncDisposable> {
  const server = await createContentApiServer({ port: 0, ...options })
  return Object.assign(server, {
    [Symbol.asyncDispose]: () => server.close(),
  })
}

/**
 * `startServer` of test/fixtures/small.json (keys `k_a`, `k_b`; projects
 * p1 to p4), with any other options.
 * @example
 * await using server = await startSmallServer({ strict: true })
 */
export function startSmallServer(
  options: ContentApiServerOptions = {},
): Promise<ContentApiServer & AsyncDisposable> {
  return startServer({ fixtures: loadFixture('small.json'), ...options })
}
