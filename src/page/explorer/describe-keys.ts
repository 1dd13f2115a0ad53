import type { FixtureApiKey, FixtureProject } from '../../schema/fixture.js'

export type KeyDescription = ReturnType<typeof describeKeys>[number]
type KeyState = 'active' | 'expired' | 'revoked'

/** Each key the control API lists (a fixture record) as the API sees it. */
export function describeKeys(
  keys: FixtureApiKey[],
  accounts: { id: string; name: string }[],
  projects: FixtureProject[],
  now: number,
) {
  return keys.map((record) => {
    // Its own projects and those shared with it.
    const visible = projects.filter(
      (project) =>
        project.account === record.account ||
        project.shared_with?.includes(record.account) === true,
    )
    const shared = visible.filter(
      (project) => project.account !== record.account,
    )
    return {
      key: record.key,
      account: record.account,
      accountName: accounts.find((account) => account.id === record.account)
        ?.name,
      state: keyState(record, now),
      visible: visible.length,
      // Its project list marks these, by ID.
      sharedIds: shared.map((project) => project.project_unique),
      sharedReadOnly: shared.filter((project) => project.is_readonly).length,
    }
  })
}

// Revoked wins over expired, as the API decides.
function keyState(key: FixtureApiKey, now: number): KeyState {
  if (key.revoked === true) return 'revoked'
  const expiresAt = Date.parse(key.expires_at ?? '')
  return expiresAt <= now ? 'expired' : 'active'
}

export function describeSight(description: KeyDescription): string {
  if (description.state !== 'active') {
    return `answered 401: the key is ${description.state}`
  }
  const projects = `${description.visible} project${description.visible === 1 ? '' : 's'}`
  const shared = description.sharedIds.length
  if (shared === 0) return `sees ${projects}, all its own`
  const readOnly =
    description.sharedReadOnly === shared
      ? ' (read-only)'
      : description.sharedReadOnly > 0
        ? ` (${description.sharedReadOnly} read-only)`
        : ''
  return `sees ${projects}, ${shared} shared with it${readOnly}`
}
