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

/**
 * The kinds of record that can be read and changed one at a time, named
 * after their collections in `mock.db`.
 */
export type RecordKindName = keyof DatasetCollections

/**
 * The record type of each kind: the fixture document's record.
 */
export interface RecordTypes {
  accounts: FixtureAccount
  apiKeys: FixtureApiKey
  projects: FixtureProject
  contents: FixtureContent
}

/**
 * A field of a record that names records of another kind by their IDs.
 */
export interface RecordReference {
  field: string
  target: RecordKindName
  /**
   * An array of IDs (`shared_with`) rather than one: the record does not
   * belong to its targets, so deleting a target removes it from the array
   * instead of deleting the record.
   */
  many: boolean
}

/**
 * What the record controllers need to know of a kind: its fixture list, its
 * ID, its schema, how people call it, and the references it holds.
 */
export interface RecordKind {
  name: RecordKindName
  /** The list of a fixture document that holds these records. */
  list: 'accounts' | 'api_keys' | 'projects' | 'contents'
  /** `content`; `contents` for several. */
  noun: string
  plural: string
  idField: string
  schema: z.ZodObject
  references: readonly RecordReference[]
  /** The records of this kind by ID, as the dataset's index keeps them. */
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

/**
 * Every kind of record, with the references between them: an API key and a
 * project belong to an account (`account`), a project is shared with
 * accounts (`shared_with`), a content belongs to a project
 * (`project_unique`). The fixture schemas are the only description of the
 * fields, so a field added to them is read, validated and written here too.
 */
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
