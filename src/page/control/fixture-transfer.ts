import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActionResult } from './action-result.js'
import { ConfirmDialog } from './confirm-dialog.js'
import type { PanelPart } from './use-admin-access.js'
import {
  FIXTURE_FILE_NAME,
  useFixtureTransfer,
} from './use-fixture-transfer.js'

/**
 * The dataset as a whole: download it as a fixture document
 * (`GET /__mock/fixtures`), upload one (`PUT /__mock/fixtures`: every bad
 * path named, nothing loaded unless all is well), and reset to the data the
 * server started with (`POST /__mock/reset`, which also puts back the start
 * scenarios, real time and an empty journal) once a dialog has asked.
 */
export function FixtureTransfer(props: PanelPart): VNode {
  const transfer = useFixtureTransfer(props)
  const { problem, download, upload, reset } = transfer
  const disabled = !props.admin.unlocked

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
    <${ActionResult} exchange=${transfer.result} success=${transfer.done} />
  </section>`
}
