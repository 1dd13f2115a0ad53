import {
  createContentApiMock,
  type ContentApiMockOptions,
} from 'content-api-mock'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { loadFixture } from './load-fixture.js'
import { expectResponseToMatchOpenApi } from './openapi-validator.js'

/**
 * The origin test requests go to; the mock answers any origin by default.
 */
export const ORIGIN = 'https://api.example.com'
export const BASE_URL = `${ORIGIN}/public-api/v1`

/**
 * Starts one MSW server for the calling test file (unhandled requests are
 * errors), resets its handlers after each test and closes it after all.
 * @example
 * const server = useMswServer()
 * it('…', () => { server.use(...createContentApiMock().handlers) })
 */
export function useMswServer() {
  const server = setupServer()
  // @note msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame` and each
  // major ignores the other's name. A variable, not a literal, so neither
  // version's types reject the other's property.
  const options = {
    onUnhandledRequest: 'error',
    onUnhandledFrame: 'error',
  } as const
  beforeAll(() => server.listen(options))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}

export interface ApiResult<Body = any> {
  status: number
  headers: Headers
  body: Body
}

/**
 * Calls the API with an optional key and checks the response against
 * fixtures/openapi.json before returning its parsed body.
 * @example
 * const { status, body } = await callApi('/projects', { key: 'k_a' })
 */
export async function callApi<Body = any>(
  path: string,
  options: {
    key?: string
    method?: string
    headers?: Record<string, string>
    baseUrl?: string
  } = {},
): Promise<ApiResult<Body>> {
  const headers = new Headers(options.headers)
  if (options.key !== undefined)
    headers.set('authorization', `Bearer ${options.key}`)
  const method = options.method ?? 'GET'
  const url = `${options.baseUrl ?? BASE_URL}${path}`
  const response = await fetch(url, { method, headers })
  const text = await response.text()
  const body = method === 'HEAD' ? null : JSON.parse(text)
  expectResponseToMatchOpenApi({
    method,
    url,
    status: response.status,
    body,
    headers: response.headers,
  })
  return { status: response.status, headers: response.headers, body }
}

/**
 * Serves a fresh mock of test/fixtures/small.json through the given server
 * for the current test, and returns it.
 * @example
 * const mock = serveSmallDataset(server, { listOrder: 'oldest-first' })
 */
export function serveSmallDataset(
  server: ReturnType<typeof setupServer>,
  options: ContentApiMockOptions = {},
) {
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    ...options,
  })
  server.use(...mock.handlers)
  return mock
}

/**
 * `useMswServer`, and `useSmallDataset(options)`, which serves a fresh mock
 * of test/fixtures/small.json through it for the current test.
 * @example
 * const { useSmallDataset } = useSmallDatasetServer()
 * it('…', async () => { useSmallDataset({ listOrder: 'oldest-first' }) })
 */
export function useSmallDatasetServer() {
  const server = useMswServer()
  return {
    server,
    useSmallDataset: (options: ContentApiMockOptions = {}) =>
      serveSmallDataset(server, options),
  }
}
