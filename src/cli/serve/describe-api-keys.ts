import type { DatasetIndex } from '../../data/dataset-index.js'

export type ApiKeySummary = ReturnType<typeof describeApiKeys>[number]

/** Every API key of a dataset, from its indexes (no scans of contents). */
export function describeApiKeys(index: DatasetIndex, now: number) {
  return Array.from(index.apiKeysByKey.values(), (apiKey) => {
    const visible = index.projectsByViewer.get(apiKey.account)
    let sharedProjects = 0
    let sharedReadOnlyProjects = 0
    for (const project of visible?.values() ?? []) {
      if (project.account === apiKey.account) continue
      sharedProjects++
      if (project.is_readonly) sharedReadOnlyProjects++
    }
    // Revoked wins over expired, as in authentication.
    const status =
      apiKey.revoked === true
        ? 'revoked'
        : apiKey.expires_at !== undefined &&
            Date.parse(apiKey.expires_at) <= now
          ? 'expired'
          : 'active'
    return {
      key: apiKey.key,
      // The log-safe label the request log shows for it, e.g. `acct_alpha#1`.
      label: index.keyLabels.get(apiKey.key) ?? apiKey.account,
      account: index.accountsById.get(apiKey.account)?.name ?? apiKey.account,
      status,
      expiresAt: apiKey.expires_at,
      visibleProjects: visible?.size ?? 0,
      sharedProjects,
      sharedReadOnlyProjects,
    }
  })
}
