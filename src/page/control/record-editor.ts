import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ActionResult } from './action-result.js'
import { JsonEditor } from './json-editor.js'
import { RecordPicker, type RecordChoice } from './record-picker.js'
import { NeedsServer } from './server-only-section.js'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { useJsonSubmit } from './use-json-submit.js'

/**
 * Each kind of record the control API serves one at a time; `nameField` is
 * the field a presenter renames most, edited on its own.
 */
export const RECORD_KINDS = [
  {
    route: 'contents',
    label: 'Content',
    idField: 'variation_unique',
    nameField: 'title',
    nameLabel: 'Title',
  },
  {
    route: 'projects',
    label: 'Project',
    idField: 'project_unique',
    nameField: 'project_name',
    nameLabel: 'Project name',
  },
  { route: 'api-keys', label: 'API key', idField: 'key' },
  { route: 'accounts', label: 'Account', idField: 'id' },
] as const

type RecordKind = (typeof RECORD_KINDS)[number]

/** A record the page was asked to open (`#/control/edit/<kind>/<id>`). */
export interface RecordTarget {
  kind: string
  id: string
}

/**
 * Changes one record: pick a content, project, API key or account by title
 * or ID, see it as stored, rename it, or write a JSON merge patch (RFC 7396)
 * and apply it with `PATCH /__mock/<kind>/<id>`; a 400 names every bad path
 * and changes nothing. Opened on `target` when the page's route names one.
 * @example
 * html`<${RecordEditor} admin=${admin} revision=${revision} onChange=${refresh} />`
 */
export function RecordEditor(props: {
  admin: AdminAccess
  revision: number
  onChange: () => void
  target?: RecordTarget
}): VNode {
  const { admin, target } = props
  const [kind, setKind] = useState<RecordKind>(RECORD_KINDS[0])
  const [id, setId] = useState('')
  const [name, setName] = useState<string>()
  const [patch, setPatch] = useState('{}')
  const send = useJsonSubmit(admin, props.onChange)
  const rename = useJsonSubmit(admin, props.onChange)
  const writable = admin.unlocked && !admin.readOnly
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (target === undefined) return
    const wanted = RECORD_KINDS.find((item) => item.route === target.kind)
    if (wanted === undefined) return
    setKind(wanted)
    setId(target.id)
    setName(undefined)
    send.reset()
    rename.reset()
    // @note After the frame: the editor, not the page's heading, has the
    // focus when a link opened it, whatever else moved the focus on the way
    // (`data-view-focus` asks the shell for the same).
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start' })
      heading.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [target?.kind, target?.id])

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
    if (id === '' && choices.length > 0) setId(choices[0]?.id ?? '')
  }, [list.data])

  const path = `/${kind.route}/${encodeURIComponent(id)}`
  const record = useAdminData<{ data: Record<string, unknown> }>(
    admin,
    id === '' ? `/${kind.route}` : path,
    undefined,
    [props.revision, id],
  )
  // The answer for the record picked now, not one picked before.
  const answer =
    id !== '' && record.exchange?.url.endsWith(path) === true
      ? record.exchange
      : undefined
  const stored = answer?.status === 200 ? record.data?.data : undefined
  // @note By the record's own answer, not the list: a live content that has
  // left the list still reads, and can be edited, by its ID.
  const unknown = answer?.status === 404
  const nameField = 'nameField' in kind ? kind.nameField : undefined
  const storedName =
    nameField === undefined ? undefined : String(stored?.[nameField] ?? '')

  const choose = (next: string) => {
    setId(next)
    setName(undefined)
    send.reset()
    rename.reset()
  }
  const apply = (event: Event) => {
    event.preventDefault()
    return send.submit(patch, path, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
    })
  }
  const saveName = (event: Event) => {
    event.preventDefault()
    if (nameField === undefined) return
    return rename.submit(
      JSON.stringify({ [nameField]: name ?? storedName }),
      path,
      { method: 'PATCH', contentType: 'application/merge-patch+json' },
    )
  }

  return html`<section
    class="panel record-editor"
    aria-labelledby="editor-title"
  >
    <h2
      id="editor-title"
      tabindex="-1"
      ref=${heading}
      data-view-focus=${target === undefined ? undefined : ''}
    >
      Edit a record
    </h2>
    ${
      admin.readOnly &&
      html`<${NeedsServer}
        what="Reading every record works here; changing one needs"
      />`
    }
    <div class="record-choose">
      <label
        >Kind
        <select
          value=${kind.route}
          disabled=${!admin.unlocked}
          onChange=${(event: Event) => {
            const route = (event.target as HTMLSelectElement).value
            setKind(RECORD_KINDS.find((item) => item.route === route) ?? kind)
            choose('')
          }}
        >
          ${RECORD_KINDS.map(
            (item) => html`<option value=${item.route}>${item.label}</option>`,
          )}
        </select></label
      >
      <${RecordPicker}
        key=${kind.route}
        label=${kind.label}
        choices=${choices}
        chosen=${id}
        onPick=${choose}
        disabled=${!admin.unlocked || list.data === undefined}
      />
    </div>
    ${
      unknown &&
      html`<p class="action-result action-failed" role="alert">
        No ${kind.label.toLowerCase()} has the ID <code>${id}</code>: pick one
        above.
      </p>`
    }
    ${
      stored !== undefined &&
      html`<p class="record-chosen" data-testid="record-chosen">
          Editing <strong>${toChoice(kind, stored).name || id}</strong>${' '}
          <code class="muted">${id}</code>
        </p>
        <details class="record-view">
          <summary>As stored: <code>GET /__mock${path}</code></summary>
          <pre tabindex="0">${JSON.stringify(stored, null, 2)}</pre>
        </details>`
    }
    ${
      nameField !== undefined &&
      'nameLabel' in kind &&
      html`<form class="form-row" onSubmit=${saveName}>
          <label class="grow"
            >${kind.nameLabel}
            <input
              type="text"
              data-testid="record-name"
              value=${name ?? storedName ?? ''}
              disabled=${!writable || stored === undefined}
              onInput=${(event: Event) =>
                setName((event.target as HTMLInputElement).value)}
          /></label>
          <button
            type="submit"
            class="primary"
            disabled=${!writable || stored === undefined}
          >
            Save ${kind.nameLabel.toLowerCase()}
          </button>
        </form>
        <${ActionResult}
          exchange=${rename.result}
          success=${`Saved; the API and the explorer show it at once.`}
        />`
    }
    <form onSubmit=${apply}>
      <${JsonEditor}
        id="record-patch"
        label="JSON merge patch: objects merge, null removes a field, arrays replace"
        value=${patch}
        onInput=${setPatch}
        disabled=${!writable}
        rows=${4}
        problem=${send.problem}
      />
      <div class="form-row">
        <button type="submit" disabled=${!writable || stored === undefined}>
          Apply patch
        </button>
      </div>
    </form>
    <${ActionResult}
      exchange=${send.result}
      success=${`Patched ${kind.label.toLowerCase()} ${id}; the API answers with the change at once.`}
    />
  </section>`
}

function toChoice(
  kind: RecordKind,
  record: Record<string, unknown>,
): RecordChoice {
  const id = String(record[kind.idField])
  const name = record.title ?? record.project_name ?? record.name
  return { id, name: typeof name === 'string' ? name : '' }
}
