import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ActionResult } from './action-result.js'
import { JsonEditor } from './json-editor.js'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { useJsonSubmit } from './use-json-submit.js'

/** Each kind of record the control API serves one at a time. */
const RECORD_KINDS = [
  { route: 'contents', label: 'Content', idField: 'variation_unique' },
  { route: 'projects', label: 'Project', idField: 'project_unique' },
  { route: 'api-keys', label: 'API key', idField: 'key' },
  { route: 'accounts', label: 'Account', idField: 'id' },
] as const

type RecordKind = (typeof RECORD_KINDS)[number]

/** A record with a label to pick it by. */
interface RecordChoice {
  id: string
  label: string
}

/**
 * Changes one record: pick a content, project, API key or account, see it
 * as stored, write a JSON merge patch (RFC 7396) and apply it with
 * `PATCH /__mock/<kind>/<id>`; a 400 names every bad path and changes
 * nothing.
 * @example
 * html`<${RecordEditor} admin=${admin} revision=${revision} onChange=${refresh} />`
 */
export function RecordEditor(props: {
  admin: AdminAccess
  revision: number
  onChange: () => void
}): VNode {
  const { admin } = props
  const [kind, setKind] = useState<RecordKind>(RECORD_KINDS[0])
  const [id, setId] = useState('')
  const [patch, setPatch] = useState('{}')
  const send = useJsonSubmit(admin, props.onChange)
  const disabled = !admin.unlocked

  const list = useAdminData<{ data: Record<string, unknown>[] }>(
    admin,
    `/${kind.route}`,
    undefined,
    [props.revision],
  )
  const choices = (list.data?.data ?? []).map((record) =>
    toChoice(kind, record),
  )
  useEffect(() => {
    if (choices.length > 0 && !choices.some((choice) => choice.id === id)) {
      setId(choices[0]?.id ?? '')
    }
  }, [list.data])

  const path = `/${kind.route}/${encodeURIComponent(id)}`
  const record = useAdminData<{ data: unknown }>(
    admin,
    id === '' ? `/${kind.route}` : path,
    undefined,
    [props.revision, id],
  )

  const apply = (event: Event) => {
    event.preventDefault()
    return send.submit(patch, path, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
    })
  }

  return html`<form class="control-block" onSubmit=${apply}>
    <h3>One record</h3>
    <div class="form-row">
      <label
        >Kind
        <select
          disabled=${disabled}
          value=${kind.route}
          onChange=${(event: Event) => {
            const route = (event.target as HTMLSelectElement).value
            setKind(RECORD_KINDS.find((item) => item.route === route) ?? kind)
            setId('')
            send.reset()
          }}
        >
          ${RECORD_KINDS.map(
            (item) => html`<option value=${item.route}>${item.label}</option>`,
          )}
        </select></label
      >
      <label class="grow"
        >${kind.label}
        <select
          disabled=${disabled || choices.length === 0}
          value=${id}
          onChange=${(event: Event) => {
            setId((event.target as HTMLSelectElement).value)
            send.reset()
          }}
        >
          ${choices.map(
            (choice) =>
              html`<option value=${choice.id}>${choice.label}</option>`,
          )}
        </select></label
      >
    </div>
    ${
      id !== '' &&
      record.data !== undefined &&
      html`<details class="record-view">
        <summary>As stored: <code>GET /__mock${path}</code></summary>
        <pre tabindex="0">${JSON.stringify(record.data.data, null, 2)}</pre>
      </details>`
    }
    <${JsonEditor}
      id="record-patch"
      label="JSON merge patch: objects merge, null removes a field, arrays replace"
      value=${patch}
      onInput=${setPatch}
      disabled=${disabled}
      rows=${5}
      problem=${send.problem}
    />
    <div class="form-row">
      <button type="submit" class="primary" disabled=${disabled || id === ''}>
        Apply patch
      </button>
    </div>
    <${ActionResult}
      exchange=${send.result}
      success=${`Patched ${kind.label.toLowerCase()} ${id}; the API answers with the change at once.`}
    />
  </form>`
}

function toChoice(kind: RecordKind, record: Record<string, unknown>) {
  const id = String(record[kind.idField])
  const name = record.title ?? record.project_name ?? record.name
  const label = typeof name === 'string' && name !== '' ? `${name} (${id})` : id
  return { id, label } satisfies RecordChoice
}
