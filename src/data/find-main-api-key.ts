import type { FixtureApiKey } from '../schema/fixture.js'

/**
 * The key a page opens with: the first key that works at `now` (neither
 * revoked nor expired), else the first key, else `undefined` for a dataset
 * without keys.
 */
export function findMainApiKey(
  keys: readonly FixtureApiKey[],
  now: number,
): string | undefined {
  const working = keys.find(
    (key) =>
      key.revoked !== true &&
      (key.expires_at === undefined || Date.parse(key.expires_at) > now),
  )
  return (working ?? keys[0])?.key
}
