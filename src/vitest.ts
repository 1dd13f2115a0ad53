import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import {
  createContentApiMock,
  type ContentApiMock,
  type ContentApiMockOptions,
} from './msw/create-content-api-mock.js'

/** The msw server `setupContentApiMock` starts, typed by the installed msw major. */
export type ContentApiMockServer = ReturnType<typeof setupServer>

/** Options of `createContentApiMock`, plus `onUnhandledRequest`. */
export interface SetupContentApiMockOptions extends ContentApiMockOptions {
  /** A request no handler answers: fail it (`'error'`, the default), warn, or let it through. */
  onUnhandledRequest?: 'error' | 'warn' | 'bypass'
}

/** What `setupContentApiMock` returns: a `ContentApiMock` plus the msw server it runs in. */
export interface ContentApiTestMock extends ContentApiMock {
  /** Add handlers for other services with `mock.server.use(...)`; removed after each test. (Two msw servers in one file fight over `fetch`.) */
  readonly server: ContentApiMockServer
}

/**
 * Creates the mock and an msw server for the calling vitest file; after each test, removes added handlers and resets the mock.
 * @throws {TypeError} when an option is invalid.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @example
 * import { setupContentApiMock } from 'content-api-mock/vitest'
 * import { expect, it } from 'vitest'
 *
 * const mock = setupContentApiMock({ seed: 42 })
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
  // @note msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame`; a variable, so neither major's types reject the other's name.
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

  // @note Not spread: spreading would freeze today's dataset from the `db` getter.
  return Object.assign(mock, { server })
}
