import type { FixtureDocument } from '../schema/fixture.js'

/**
 * The IDs whose detail answer a recording holds: their records replace the
 * earlier document's.
 */
interface RecordedDetails {
  projects: ReadonlySet<string>
  contents: ReadonlySet<string>
}

/**
 * Adds a recorded fixture document to an earlier one: what the earlier one
 * holds stays, accounts, API keys, projects and contents it lacks are
 * added, and a project or content whose detail was recorded (`details`)
 * replaces the earlier record of its ID, as the newer answer of the real
 * service. A record known only from a list, or made up as a placeholder,
 * leaves an earlier record of its ID as it is. The order is the earlier
 * document's, then the recording's new records.
 */
export function mergeRecordedDocument(
  earlier: FixtureDocument,
  recorded: FixtureDocument,
  details: RecordedDetails,
): FixtureDocument {
  return {
    ...earlier,
    accounts: mergeBy(earlier.accounts, recorded.accounts, 'id'),
    api_keys: mergeBy(earlier.api_keys, recorded.api_keys, 'key'),
    projects: mergeBy(
      earlier.projects,
      recorded.projects,
      'project_unique',
      details.projects,
    ),
    contents: mergeBy(
      earlier.contents,
      recorded.contents,
      'variation_unique',
      details.contents,
    ),
  }
}

/**
 * The earlier records and the recorded ones, one per ID: a recorded record
 * takes the earlier one's place when its ID is in `replace`.
 */
function mergeBy<Item, Key extends keyof Item>(
  earlier: readonly Item[],
  recorded: readonly Item[],
  key: Key,
  replace: ReadonlySet<Item[Key]> = new Set(),
): Item[] {
  const byId = new Map<Item[Key], Item>()
  for (const item of earlier) byId.set(item[key], item)
  for (const item of recorded) {
    if (!byId.has(item[key]) || replace.has(item[key])) {
      byId.set(item[key], item)
    }
  }
  return [...byId.values()]
}
