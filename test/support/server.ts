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
