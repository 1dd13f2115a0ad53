import type { FixtureDocument } from '../schema/fixture.js'

/** The IDs whose detail a recording holds: they replace earlier records. */
interface RecordedDetails {
  projects: ReadonlySet<string>
  contents: ReadonlySet<string>
}

/**
 * Adds a recorded fixture document to an earlier one: what it lacks is
 * added, and a record whose detail was recorded replaces the earlier one of
 * its ID (a record known only from a list, or a placeholder, does not). The
 * earlier document's order, then the recording's new records.
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

function mergeBy<Item, Key extends keyof Item>(
  earlier: readonly Item[],
  recorded: readonly Item[],
  key: Key,
  replace: ReadonlySet<Item[Key]> = new Set(),
): Item[] {
  const byId = new Map(earlier.map((item) => [item[key], item]))
  for (const item of recorded) {
    if (!byId.has(item[key]) || replace.has(item[key])) {
      byId.set(item[key], item)
    }
  }
  return [...byId.values()]
}
