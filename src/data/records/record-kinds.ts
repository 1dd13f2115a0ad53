import type * as z from 'zod'
import {
  fixtureAccountSchema,
  fixtureApiKeySchema,
  fixtureContentSchema,
  fixtureProjectSchema,
  type FixtureAccount,
  type FixtureApiKey,
  type FixtureContent,
  type FixtureProject,
} from '../../schema/fixture.js'
import type { DatasetCollections } from '../dataset-collections.js'
import type { DatasetIndex } from '../dataset-index.js'

/** Named after their collections in `mock.db`. */
export type RecordKindName = keyof DatasetCollections

export interface RecordTypes {
  accounts: FixtureAccount
  apiKeys: FixtureApiKey
  projects: FixtureProject
  contents: FixtureContent
}

export interface RecordReference {
  field: string
  target: RecordKindName
  /** `shared_with`: the record does not belong to its targets; deleting one removes it from the array. */
  many: boolean
}

export interface RecordKind {
  name: RecordKindName
  list: 'accounts' | 'api_keys' | 'projects' | 'contents'
  /** `content`; `contents` for several. */
  noun: string
  plural: string
  idField: string
  schema: z.ZodObject
  references: readonly RecordReference[]
  byId(index: DatasetIndex): ReadonlyMap<string, object>
}

/** A kind as the table below writes it: its name is its key, its plural its noun's. */
type RecordKindEntry = Omit<RecordKind, 'name' | 'plural'>

function defineKinds(
  entries: Record<RecordKindName, RecordKindEntry>,
): Readonly<Record<RecordKindName, RecordKind>> {
  const kinds = {} as Record<RecordKindName, RecordKind>
  for (const name of Object.keys(entries) as RecordKindName[]) {
    kinds[name] = { name, plural: `${entries[name].noun}s`, ...entries[name] }
  }
  return kinds
}

/** The fixture schemas are the only description of the fields: a field added there is handled here too. */
export const RECORD_KINDS: Readonly<Record<RecordKindName, RecordKind>> =
  defineKinds({
    accounts: {
      list: 'accounts',
      noun: 'account',
      idField: 'id',
      schema: fixtureAccountSchema,
      references: [],
      byId: (index) => index.accountsById,
    },
    apiKeys: {
      list: 'api_keys',
      noun: 'API key',
      idField: 'key',
      schema: fixtureApiKeySchema,
      references: [{ field: 'account', target: 'accounts', many: false }],
      byId: (index) => index.apiKeysByKey,
    },
    projects: {
      list: 'projects',
      noun: 'project',
      idField: 'project_unique',
      schema: fixtureProjectSchema,
      references: [
        { field: 'account', target: 'accounts', many: false },
        { field: 'shared_with', target: 'accounts', many: true },
      ],
      byId: (index) => index.projectsById,
    },
    contents: {
      list: 'contents',
      noun: 'content',
      idField: 'variation_unique',
      schema: fixtureContentSchema,
      references: [
        { field: 'project_unique', target: 'projects', many: false },
      ],
      byId: (index) => index.contentsById,
    },
  })
