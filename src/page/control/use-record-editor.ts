import { useEffect, useRef, useState } from 'preact/hooks'
import { RECORD_KINDS, type RecordKind } from './record-kinds.js'
import type { PanelPart } from './use-admin-access.js'
import { useChosenRecord } from './use-chosen-record.js'
import { useAdminAction } from './use-admin-action.js'

const MERGE_PATCH = {
  method: 'PATCH',
  contentType: 'application/merge-patch+json',
} as const

export type RecordEditorState = ReturnType<typeof useRecordEditor>

/** Opened on the record the route names, if any, its heading focused. */
export function useRecordEditor(part: PanelPart, route: string) {
  const target = readEditTarget(route)
  const [kind, setKind] = useState<RecordKind>(RECORD_KINDS[0])
  const [id, setId] = useState('')
  const [name, setName] = useState<string>()
  const [patch, setPatch] = useState('{}')
  const send = useAdminAction(part)
  const rename = useAdminAction(part)
  const heading = useRef<HTMLHeadingElement>(null)
  const record = useChosenRecord(part, kind, id, setId)
  const nameField = 'nameField' in kind ? kind.nameField : undefined
  // The field saveName writes, so the input shows what a save would replace.
  const storedName =
    nameField === undefined ? '' : String(record.stored?.[nameField] ?? '')
  const choose = (next: string, nextKind: RecordKind = kind) => {
    setKind(nextKind)
    setId(next)
    setName(undefined)
    send.reset()
    rename.reset()
  }

  useEffect(() => {
    const wanted = RECORD_KINDS.find((item) => item.route === target?.kind)
    if (target === undefined || wanted === undefined) return
    choose(target.id, wanted)
    // After the frame: the editor keeps the focus, whatever else moved it.
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start' })
      heading.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [target?.kind, target?.id])

  return {
    target,
    kind,
    id,
    record,
    heading,
    send,
    rename,
    choose,
    patch,
    setPatch,
    setName,
    name: name ?? storedName,
    apply(event: Event) {
      event.preventDefault()
      return send.runJson(patch, record.path, MERGE_PATCH)
    },
    saveName(event: Event) {
      event.preventDefault()
      if (nameField === undefined) return
      // The last "Saved" line goes while the next name is sent.
      rename.reset()
      const body = { [nameField]: name ?? storedName }
      return rename.run(record.path, { ...MERGE_PATCH, body })
    },
  }
}

// `#/control/edit/<kind>/<id>`, as the explorer's "Edit" links write it.
function readEditTarget(route: string) {
  const match = /^\/control\/edit\/([^/]+)\/([^/]+)$/.exec(route)
  if (match === null) return undefined
  try {
    const [kind = '', id = ''] = match.slice(1).map(decodeURIComponent)
    return { kind, id }
  } catch {
    return undefined
  }
}
