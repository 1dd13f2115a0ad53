import type { MockCore } from '../../api/mock-core.js'
import { findMainApiKey } from '../../data/find-main-api-key.js'

// The key the page and /docs choose when they open; `''` for a dataset without keys.
export function findDefaultApiKey(mock: MockCore): string {
  return findMainApiKey(mock.apiKeys.list(), mock.clock.now()) ?? ''
}
