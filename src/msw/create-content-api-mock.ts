import type { HttpHandler } from 'msw'
import { createMockCore } from '../api/create-mock-core.js'
import type { MockCore } from '../api/mock-core.js'
import type { MockOptions } from '../api/mock-options.js'
import { createHandlers } from './create-handlers.js'

export type ContentApiMockOptions = MockOptions

/** A mock of the Content Project Read API for one test suite or app. */
export interface ContentApiMock extends MockCore {
  /** The MSW handlers: spread them into `setupServer` or `setupWorker`. */
  readonly handlers: HttpHandler[]
}

/**
 * An in-memory dataset (seeded, or a fixture document) behind MSW handlers for the four endpoints; instances share no state.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @throws {TypeError} when an option is invalid.
 * @example
 * const server = setupServer(...createContentApiMock({ seed: 42 }).handlers)
 * server.listen({ onUnhandledRequest: 'error' })
 * @see https://mswjs.io/docs/api/setup-server
 */
export function createContentApiMock(
  options: ContentApiMockOptions = {},
): ContentApiMock {
  const core = createMockCore(options)
  // Not spread: a spread would freeze the `db` getter's dataset.
  return Object.assign(core, { handlers: createHandlers(core) })
}
