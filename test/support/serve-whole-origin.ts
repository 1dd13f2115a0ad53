import { createContentApiMock } from 'content-api-mock'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
// build-demo's read-only control API is bundled into its boot script only; no entry exports it.
import { createReadOnlyControlHandlers } from '../../src/demo/create-read-only-control-handlers.js'
import { ORIGIN } from './api-client.js'
import { loadFixture } from './load-fixture.js'

/**
 * Serves test/fixtures/small.json on the whole of `ORIGIN` through `server`:
 * the mock's handlers, build-demo's read-only control API under `/__mock`
 * and, after them, an app's own fallback (404, code `fallback`) for the
 * rest. Returns the mock.
 * @note The fallback is a pattern: msw decodes the `*` of a string pattern
 * with decodeURIComponent and answers 500 on a path such as `/%zz`.
 * @example
 * const mock = serveWholeOrigin(server)
 */
export function serveWholeOrigin(server: ReturnType<typeof setupServer>) {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  server.use(
    ...mock.handlers,
    ...createReadOnlyControlHandlers(mock, `${ORIGIN}/__mock`),
    http.all(/^https:\/\/api\.example\.com\//, () =>
      HttpResponse.json({ error: { code: 'fallback' } }, { status: 404 }),
    ),
  )
  return mock
}
