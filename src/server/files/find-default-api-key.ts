import type { MockCore } from '../../api/mock-core.js'
import { findMainApiKey } from '../../data/find-main-api-key.js'

/**
 * The dataset's main API key, which the page chooses when it opens: the
 * first key in dataset order that is neither revoked nor expired at the
 * mock's time (the generated dataset's `--api-key`), else the first key,
 * else `''` for a dataset without keys.
 */
export function findDefaultApiKey(mock: MockCore): string {
  return findMainApiKey(mock.apiKeys.list(), mock.clock.now()) ?? ''
}
