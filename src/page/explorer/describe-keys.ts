import type { FixtureApiKey, FixtureProject } from '../../schema/fixture.js'

/** Records as the control API lists them: the fixture's own shapes. */
export type ApiKeyRecord = FixtureApiKey
export type ProjectRecord = FixtureProject

export interface KeyDescription {
  key: string
  account: string
  accountName: string | undefined
  /** Revoked wins over expired, as the API decides. */
  state: 'active' | 'expired' | 'revoked'
  /** Its own projects and those shared with it. */
  visible: number
  shared: number
  sharedReadOnly: number
}

export function describeKeys(
  keys: ApiKeyRecord[],
  accounts: { id: string; name: string }[],
  projects: ProjectRecord[],
  now: number,
): KeyDescription[] {
  return keys.map((record) => {
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
      state:
        record.revoked === true
          ? 'revoked'
          : record.expires_at !== undefined &&
              Date.parse(record.expires_at) <= now
            ? 'expired'
            : 'active',
      visible: visible.length,
      shared: shared.length,
      sharedReadOnly: shared.filter((project) => project.is_readonly).length,
    }
  })
}

export function describeSight(description: KeyDescription): string {
  if (description.state !== 'active') {
    return `answered 401: the key is ${description.state}`
  }
  const projects = `${description.visible} project${description.visible === 1 ? '' : 's'}`
  if (description.shared === 0) return `sees ${projects}, all its own`
  const readOnly =
    description.sharedReadOnly === description.shared
      ? ' (read-only)'
      : description.sharedReadOnly > 0
        ? ` (${description.sharedReadOnly} read-only)`
        : ''
  return `sees ${projects}, ${description.shared} shared with it${readOnly}`
}
