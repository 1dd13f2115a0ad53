import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { ApiExchange } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { ConfirmDialog } from './confirm-dialog.js'
import { parseJsonText } from './json-editor.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'

const FIXTURE_FILE_NAME = 'fixtures.json'

/**
 * The dataset as a whole: download it as a fixture document
 * (`GET /__mock/fixtures`), upload one (`PUT /__mock/fixtures`: every bad
 * path named, nothing loaded unless all is well), and reset to the data the
 * server started with (`POST /__mock/reset`, which also puts back the start
 * scenarios, real time and an empty journal) once a dialog has asked. It
 * shows the last answer and what it did, or why a file was not sent.
 */
export function FixtureTransfer(props: PanelPart): VNode {
  const action = useAdminAction(props)
  const { problem } = action
  const disabled = !props.admin.unlocked
  const download = async () => {
    const done = `Downloaded ${FIXTURE_FILE_NAME}.`
    const answer = await action.run('/fixtures', {}, done)
    if (answer.status === 200) saveAsFile(answer.body, FIXTURE_FILE_NAME)
  }
  const upload = async (event: Event) => {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file === undefined) return
    const parsed = parseJsonText(await file.text())
    if (!parsed.ok) {
      action.reset(`${file.name}: ${parsed.problem} Nothing was loaded.`)
      return
    }
    const body = parsed.value
    await action.run('/fixtures', { method: 'PUT', body }, (answer) => {
      const { projects, contents } = counts(answer)
      return `Loaded ${file.name}: ${projects} projects, ${contents} contents.`
    })
  }
  const reset = async () => {
    const options = { method: 'POST', contentType: 'application/json' }
    await action.run('/reset', options, (answer) => {
      const { projects, contents } = counts(answer)
      return `Reset: the start data (${projects} projects, ${contents} contents), start scenarios, real time, an empty journal.`
    })
  }

  return html`<section class="panel" aria-labelledby="dataset-title">
    <h2 id="dataset-title">The whole dataset</h2>
    <div class="form-row">
      <button type="button" disabled=${disabled} onClick=${download}>
        Download ${FIXTURE_FILE_NAME}
      </button>
      <label class=${`file-button${disabled ? ' is-disabled' : ''}`}>
        Upload a fixture document
        <input
          type="file"
          accept="application/json,.json"
          disabled=${disabled}
          data-testid="fixture-upload"
          onChange=${upload}
        />
      </label>
      <${ConfirmDialog}
        title="Reset everything?"
        confirm="Reset everything"
        onConfirm=${reset}
        disabled=${disabled}
      >
        <p>
          The data goes back to what the server started with: every change made
          since (edits, uploads), the scenarios added, the clock and the journal
          are lost. Download ${FIXTURE_FILE_NAME} first to keep the data.
        </p>
      <//>
    </div>
    <p class="muted">
      An upload replaces the dataset only when the whole document is valid;
      otherwise every bad path is listed and nothing changes. Reset puts back
      the data the server started with, its start scenarios, real time and an
      empty journal.
    </p>
    ${
      problem !== undefined &&
      html`<p class="action-result action-failed" role="alert">${problem}</p>`
    }
    <${ActionResult} exchange=${action.result} success=${action.done} />
  </section>`
}

function counts(answer: ApiExchange) {
  return (answer.body ?? {}) as { projects?: number; contents?: number }
}

// A fetch then a blob URL, not a link: a link cannot send the admin token.
function saveAsFile(body: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(body, null, 2)}\n`], {
    type: 'application/json',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
