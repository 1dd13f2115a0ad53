import type { HttpHandler } from 'msw'
import { createMockCore } from '../api/create-mock-core.js'
import type { MockCore } from '../api/mock-core.js'
import type { MockOptions } from '../api/mock-options.js'
import { createHandlers } from './create-handlers.js'

/** Options of `createContentApiMock`. */
export type ContentApiMockOptions = MockOptions

/** A mock of the Content Project Read API for one test suite or app. */
export interface ContentApiMock extends MockCore {
  /** The MSW handlers: spread them into `setupServer` or `setupWorker`. */
  readonly handlers: HttpHandler[]
}

/**
 * Creates a mock of the Content Project Read API: an in-memory dataset
 * (generated from a seed, or loaded from a fixture document) behind MSW
 * handlers that answer the four endpoints as the spec says. Two instances
 * never share state.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @throws {TypeError} when an option is invalid.
 * @example
 * import { setupServer } from 'msw/node'
 * import { createContentApiMock } from 'content-api-mock'
 *
 * const mock = createContentApiMock({ seed: 42 })
 * const server = setupServer(...mock.handlers)
 * server.listen({ onUnhandledRequest: 'error' })
 *
 * const response = await fetch('https://api.example.com/public-api/v1/projects', {
 *   headers: { Authorization: 'Bearer demo-key-alpha' },
 * })
 * @see https://mswjs.io/docs/api/setup-server
 */
export function createContentApiMock(
  options: ContentApiMockOptions = {},
): ContentApiMock {
  const core = createMockCore(options)
  // Onto the core, not spread: a spread would freeze the `db` getter's dataset.
  return Object.assign(core, { handlers: createHandlers(core) })
}
