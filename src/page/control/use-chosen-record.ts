import { useEffect } from 'preact/hooks'
import { toChoice, type RecordKind } from './record-kinds.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'

/**
 * Lists the records of `kind` and reads the one of `id`, again at each
 * revision; `pick`s the first listed while none is picked.
 */
export function useChosenRecord(
  part: PanelPart,
  kind: RecordKind,
  id: string,
  pick: (id: string) => void,
) {
  const list = useAdminData<{ data: Record<string, unknown>[] }>(
    part,
    `/${kind.route}`,
  )
  const choices = (list.data?.data ?? []).map((record) =>
    toChoice(kind, record),
  )
  useEffect(() => {
    if (id === '' && choices.length > 0) pick(choices[0]?.id ?? '')
  }, [list.data])

  const path = `/${kind.route}/${encodeURIComponent(id)}`
  const record = useAdminData<{ data: Record<string, unknown> }>(
    part,
    id === '' ? `/${kind.route}` : path,
  )
  // The answer for the record picked now, not one picked before.
  const answer =
    id !== '' && record.exchange?.url.endsWith(path) === true
      ? record.exchange
      : undefined
  return {
    choices,
    listed: list.data !== undefined,
    path,
    stored: answer?.status === 200 ? record.data?.data : undefined,
    // @note By the record's own answer, not the list: a live content that has
    // left the list still reads, and can be edited, by its ID.
    unknown: answer?.status === 404,
  }
}
