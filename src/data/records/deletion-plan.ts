import type { Collection } from '@msw/data'
import type { Dataset } from '../dataset.js'
import type { RecordDependents } from './record-in-use-error.js'
import { RECORD_KINDS, type RecordKind } from './record-kinds.js'

type JsonRecord = Record<string, unknown>
type AnyCollection = Collection<any>

/** The records a delete removes (those that belong to others first) and
 * the arrays of IDs (`shared_with`) it takes an ID out of. */
export interface DeletionPlan {
  deletions: Array<{ kind: RecordKind; record: JsonRecord }>
  detachments: Array<{ kind: RecordKind; record: JsonRecord; field: string }>
}

/**
 * Plans the deletion of a record with everything that would have to go with
 * it, and returns the records that refer to it directly, for the message of
 * a delete without `cascade`.
 */
export function planDeletion(
  data: Dataset,
  kind: RecordKind,
  record: JsonRecord,
  plan: DeletionPlan,
): RecordDependents[] {
  const id = record[kind.idField]
  const dependents: RecordDependents[] = []
  for (const other of Object.values(RECORD_KINDS)) {
    for (const { field, target, many } of other.references) {
      if (target !== kind.name) continue
      const referring = collectionOf(data, other)
        .all()
        .filter((candidate: JsonRecord) => {
          const value = candidate[field]
          return many
            ? Array.isArray(value) && value.includes(id)
            : value === id
        })
      if (referring.length === 0) continue
      dependents.push({
        kind: other.name,
        field,
        names: referring.map((item: JsonRecord) =>
          nameOf(other, item[other.idField] as string, data),
        ),
      })
      for (const item of referring) {
        if (many) plan.detachments.push({ kind: other, record: item, field })
        else planDeletion(data, other, item, plan)
      }
    }
  }
  plan.deletions.push({ kind, record })
  return dependents
}

/** Deletes and detaches what a plan lists, in its order. */
export async function carryOutDeletion(
  data: Dataset,
  plan: DeletionPlan,
  id: string,
): Promise<void> {
  for (const { kind: owner, record: doomed } of plan.deletions) {
    collectionOf(data, owner).delete(doomed)
  }
  for (const { kind: holder, record: held, field } of plan.detachments) {
    await collectionOf(data, holder).update(held, {
      data(draft: JsonRecord) {
        draft[field] = (draft[field] as unknown[]).filter((item) => item !== id)
      },
    })
  }
}

/** A record's ID as messages show it: an API key by its label. */
function nameOf(kind: RecordKind, id: string, data: Dataset): string {
  return kind.name === 'apiKeys' ? (data.index.keyLabels.get(id) ?? '?') : id
}

/** The `@msw/data` collection of a kind in a dataset. */
export function collectionOf(data: Dataset, kind: RecordKind): AnyCollection {
  return data[kind.name] as AnyCollection
}
