import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActionResult } from './action-result.js'
import { JsonEditor } from './json-editor.js'
import { RECORD_KINDS, toChoice } from './record-kinds.js'
import { RecordPicker } from './record-picker.js'
import { NeedsServer } from './server-only-section.js'
import type { PanelPart } from './use-admin-access.js'
import { useRecordEditor, type RecordEditorState } from './use-record-editor.js'
import { toValue } from '../field-value.js'

/** Picks a record, renames it or applies a JSON merge patch (RFC 7396). */
export function RecordEditor(props: PanelPart & { route: string }): VNode {
  const { admin } = props
  const editor = useRecordEditor(props, props.route)
  const { kind, record } = editor
  const writable = admin.unlocked && !admin.readOnly
  return html`<section
    class="panel record-editor"
    aria-labelledby="editor-title"
  >
    <h2
      id="editor-title"
      tabindex="-1"
      ref=${editor.heading}
      data-view-focus=${editor.target === undefined ? undefined : ''}
    >
      Edit a record
    </h2>
    ${
      admin.readOnly &&
      html`<${NeedsServer}
        what="Reading every record works here; changing one needs"
      />`
    }
    <${RecordChooser} editor=${editor} locked=${!admin.unlocked} />
    ${
      record.unknown &&
      html`<p class="action-result action-failed" role="alert">
        No ${kind.label.toLowerCase()} has the ID <code>${editor.id}</code>:
        pick one above.
      </p>`
    }
    ${record.stored !== undefined && html`<${StoredRecord} editor=${editor} />`}
    <${NameForm} editor=${editor} writable=${writable} />
    <form onSubmit=${editor.apply}>
      <${JsonEditor}
        id="record-patch"
        label="JSON merge patch: objects merge, null removes a field, arrays replace"
        value=${editor.patch}
        onInput=${editor.setPatch}
        disabled=${!writable}
        problem=${editor.send.problem}
      />
      <div class="form-row">
        <button
          type="submit"
          disabled=${!writable || record.stored === undefined}
        >
          Apply patch
        </button>
      </div>
    </form>
    <${ActionResult}
      exchange=${editor.send.result}
      success=${`Patched ${kind.label.toLowerCase()} ${editor.id}; the API answers with the change at once.`}
    />
  </section>`
}

function RecordChooser(props: {
  editor: RecordEditorState
  locked: boolean
}): VNode {
  const { editor, locked } = props
  const { kind } = editor
  return html`<div class="record-choose">
    <label
      >Kind
      <select
        value=${kind.route}
        disabled=${locked}
        onChange=${toValue((route) => {
          const next = RECORD_KINDS.find((item) => item.route === route)
          editor.choose('', next ?? kind)
        })}
      >
        ${RECORD_KINDS.map(
          (item) => html`<option value=${item.route}>${item.label}</option>`,
        )}
      </select></label
    >
    <${RecordPicker}
      key=${kind.route}
      label=${kind.label}
      choices=${editor.record.choices}
      chosen=${editor.id}
      onPick=${editor.choose}
      disabled=${locked || !editor.record.listed}
    />
  </div>`
}

function StoredRecord(props: { editor: RecordEditorState }): VNode {
  const { kind, id, record } = props.editor
  const stored = record.stored ?? {}
  return html`<p class="record-chosen" data-testid="record-chosen">
      Editing <strong>${toChoice(kind, stored).name || id}</strong>${' '}
      <code class="muted">${id}</code>
    </p>
    <details class="record-view">
      <summary>As stored: <code>GET /__mock${record.path}</code></summary>
      <pre tabindex="0">${JSON.stringify(stored, null, 2)}</pre>
    </details>`
}

function NameForm(props: {
  editor: RecordEditorState
  writable: boolean
}): VNode | null {
  const { editor } = props
  const { kind } = editor
  if (!('nameLabel' in kind)) return null
  const disabled = !props.writable || editor.record.stored === undefined
  return html`<form class="form-row" onSubmit=${editor.saveName}>
      <label class="grow"
        >${kind.nameLabel}
        <input
          type="text"
          data-testid="record-name"
          value=${editor.name}
          disabled=${disabled}
          onInput=${toValue(editor.setName)}
      /></label>
      <button type="submit" class="primary" disabled=${disabled}>
        Save ${kind.nameLabel.toLowerCase()}
      </button>
    </form>
    <${ActionResult}
      exchange=${editor.rename.result}
      success=${`Saved; the API and the explorer show it at once.`}
    />`
}
