import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import {
  createContentApiMock,
  type ContentApiMock,
  type ContentApiMockOptions,
} from './msw/create-content-api-mock.js'

/**
 * The msw server `setupContentApiMock` starts, as `setupServer` returns it in
 * the msw major that is installed.
 */
export type ContentApiMockServer = ReturnType<typeof setupServer>

/**
 * Options of `setupContentApiMock`: those of `createContentApiMock`, plus
 * what to do with a request no handler answers (default `'error'`).
 */
export interface SetupContentApiMockOptions extends ContentApiMockOptions {
  /**
   * A request no handler answers: fail it and print an error (`'error'`,
   * the default), print a warning, or let it through to the network.
   */
  onUnhandledRequest?: 'error' | 'warn' | 'bypass'
}

/**
 * The mock `setupContentApiMock` returns: a `ContentApiMock` plus the msw
 * server it runs in.
 */
export interface ContentApiTestMock extends ContentApiMock {
  /**
   * The msw server of this test file. Add handlers for the other services
   * your code calls with `mock.server.use(...)`; they are removed after each
   * test. (Two msw servers in one file would fight over `fetch`.)
   */
  readonly server: ContentApiMockServer
}

/**
 * Sets up a mock of the Content Project Read API for the calling vitest file,
 * in one call: creates the mock, starts an msw server with its handlers before
 * all tests (a request nothing handles is an error), and after each test
 * removes the handlers added with `server.use()` and resets the mock
 * (dataset, scenarios, clock, journal); closes the server after all tests.
 * @throws {TypeError} when an option is invalid.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @example
 * import { setupContentApiMock } from 'content-api-mock/vitest'
 * import { expect, it } from 'vitest'
 *
 * const mock = setupContentApiMock({ seed: 42 })
 *
 * it('retries once after a 500', async () => {
 *   mock.scenarios.add('server-error', { times: 1 })
 *   await myClient.listProjects()
 *   expect(mock.requests.count({ endpoint: 'listProjects' })).toBe(2)
 * })
 * @see https://mswjs.io/docs/integrations/node
 */
export function setupContentApiMock(
  options: SetupContentApiMockOptions = {},
): ContentApiTestMock {
  const { onUnhandledRequest = 'error', ...mockOptions } = options
  const mock = createContentApiMock(mockOptions)
  const server = setupServer(...mock.handlers)
  // @note msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame` and each
  // major ignores the other's name. A variable, not a literal, so neither
  // version's types reject the other's property.
  const listenOptions = {
    onUnhandledRequest,
    onUnhandledFrame: onUnhandledRequest,
  }

  beforeAll(async () => {
    server.listen(listenOptions)
    await mock.ready
  })
  afterEach(async () => {
    server.resetHandlers()
    await mock.reset()
  })
  afterAll(() => {
    server.close()
  })

  // @note Assigned onto the mock, not spread into a new object: spreading
  // would read the `db` getter once and freeze today's dataset into it.
  return Object.assign(mock, { server })
}
