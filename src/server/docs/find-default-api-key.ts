import type { MockCore } from '../../api/create-mock-core.js'

/**
 * The dataset's main API key: its first key that is neither revoked nor
 * expired at the mock's clock, else its first key; undefined without keys.
 * With the demo dataset, `demo-key-alpha` (or `--api-key`).
 * @example
 * findDefaultApiKey(server.mock) // 'demo-key-alpha'
 */
export function findDefaultApiKey(mock: MockCore): string | undefined {
  const now = mock.clock.now()
  const keys = [...mock.db.index.apiKeysByKey.values()]
  const active = keys.find(
    (apiKey) =>
      apiKey.revoked !== true &&
      (apiKey.expires_at === undefined || Date.parse(apiKey.expires_at) > now),
  )
  return (active ?? keys[0])?.key
}
