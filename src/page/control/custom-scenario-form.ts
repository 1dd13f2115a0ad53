import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import { ActionResult } from './action-result.js'
import { JsonEditor } from './json-editor.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'

/** The fields of a scenario, as the control API takes them. */
const SCENARIO_FIELDS = (
  'status retryAfter message latency networkError rateLimit times every ' +
  'probability match.endpoint match.key match.path name'
).split(' ')

const EXAMPLE = '{ "status": 503, "retryAfter": 5, "times": 2 }'

/**
 * A custom scenario as JSON (an object, a preset with changes, or an array),
 * sent as it is to `POST /__mock/scenarios`; the server's `invalid_scenario`
 * message, which names every problem, is shown as received.
 */
export function CustomScenarioForm(props: PanelPart): VNode {
  const [text, setText] = useState(EXAMPLE)
  const send = useAdminAction(props)
  const disabled = !props.admin.unlocked

  const submit = (event: Event) => {
    event.preventDefault()
    return send.runJson(text, '/scenarios', { method: 'POST' })
  }

  return html`<form class="control-block" onSubmit=${submit}>
    <h3>Custom scenario</h3>
    <p class="muted">
      Fields:${' '}
      ${SCENARIO_FIELDS.map(
        (field, index) => html`${index === 0 ? '' : ', '}<code>${field}</code>`,
      )}.
    </p>
    <${JsonEditor}
      id="custom-scenario"
      label="Scenario (JSON)"
      value=${text}
      onInput=${setText}
      disabled=${disabled}
      problem=${send.problem}
    />
    <div class="form-row">
      <button type="submit" class="primary" disabled=${disabled}>
        Add scenario
      </button>
    </div>
    <${ActionResult} exchange=${send.result} success="Scenario added." />
  </form>`
}
