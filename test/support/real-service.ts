import { startServer } from './server.js'

// A "real service" for the tests of --proxy: a server generated from seed 7
// with the key k_a, which test/fixtures/small.json knows too.

/** The headers of a request with the key both the real service and the mock know. */
export const KEY = { authorization: 'Bearer k_a' }

/**
 * Starts the real service on a free loopback port; `await using` closes it.
 * @example
 * await using real = await startRealService()
 */
export function startRealService(
  options: Parameters<typeof startServer>[0] = {},
) {
  return startServer({ seed: 7, apiKey: 'k_a', ...options })
}

/** The first project of the real service that the mock's data lacks. */
export async function realProjectId(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/projects`, { headers: KEY })
  const body = (await response.json()) as {
    data: Array<{ project_unique: string }>
  }
  return body.data[0]!.project_unique
}
