import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { ConfirmDialog } from './confirm-dialog.js'
import { parseJsonText } from './json-editor.js'
import type { AdminAccess } from './use-admin-access.js'

/** The name a downloaded fixture document gets. */
export const FIXTURE_FILE_NAME = 'fixtures.json'

/**
 * The dataset as a whole: download it as a fixture document
 * (`GET /__mock/fixtures`), upload one (`PUT /__mock/fixtures`: every bad
 * path named, nothing loaded unless all is well), and reset to the data the
 * server started with (`POST /__mock/reset`, which also puts back the start
 * scenarios, real time and an empty journal) once a dialog has asked.
 * @example
 * html`<${FixtureTransfer} admin=${admin} onChange=${refresh} />`
 */
export function FixtureTransfer(props: {
  admin: AdminAccess
  onChange: () => void
}): VNode {
  const { admin } = props
  const [result, setResult] = useState<ApiExchange>()
  const [done, setDone] = useState('')
  const [problem, setProblem] = useState<string>()
  const [asking, setAsking] = useState(false)
  const disabled = !admin.unlocked

  const show = (exchange: ApiExchange, what: string) => {
    setProblem(undefined)
    setDone(what)
    setResult(exchange)
    props.onChange()
  }

  const download = async () => {
    const exchange = await admin.call('/fixtures')
    if (exchange.status !== 200) return show(exchange, '')
    // @note A fetch then a blob URL, not a link: the control API may need the
    // admin token, which a plain link cannot send.
    const blob = new Blob([`${JSON.stringify(exchange.body, null, 2)}\n`], {
      type: 'application/json',
    })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = FIXTURE_FILE_NAME
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    setProblem(undefined)
    setDone(`Downloaded ${FIXTURE_FILE_NAME}.`)
    setResult(exchange)
  }

  const upload = async (event: Event) => {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file === undefined) return
    const parsed = parseJsonText(await file.text())
    if (!parsed.ok) {
      setResult(undefined)
      setProblem(`${file.name}: ${parsed.problem} Nothing was loaded.`)
      return
    }
    const exchange = await admin.call('/fixtures', {
      method: 'PUT',
      body: parsed.value,
    })
    const counts = exchange.body as { projects?: number; contents?: number }
    show(
      exchange,
      `Loaded ${file.name}: ${counts?.projects} projects, ${counts?.contents} contents.`,
    )
  }

  const reset = async () => {
    const exchange = await admin.call('/reset', {
      method: 'POST',
      contentType: 'application/json',
    })
    const counts = exchange.body as { projects?: number; contents?: number }
    show(
      exchange,
      `Reset: the start data (${counts?.projects} projects, ${counts?.contents} contents), start scenarios, real time, an empty journal.`,
    )
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
      <button
        type="button"
        class="danger"
        disabled=${disabled}
        onClick=${() => setAsking(true)}
      >
        Reset everything
      </button>
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
    <${ActionResult} exchange=${result} success=${done} />
    <${ConfirmDialog}
      open=${asking}
      title="Reset everything?"
      confirm="Reset everything"
      onConfirm=${reset}
      onClose=${() => setAsking(false)}
    >
      <p>
        The data goes back to what the server started with: every change made
        since (edits, uploads), the scenarios added, the clock and the journal
        are lost. Download ${FIXTURE_FILE_NAME} first to keep the data.
      </p>
    <//>
  </section>`
}
