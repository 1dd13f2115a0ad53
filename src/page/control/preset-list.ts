import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import { ActionResult } from './action-result.js'
import { describeScenario, type ListedScenario } from './describe-scenario.js'
import { ENDPOINT_NAMES } from './endpoint-names.js'
import { toValue } from '../field-value.js'
import { NameSelect } from './name-select.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'
import { useAdminData } from './use-admin-data.js'

const ANY_SCOPE = { times: '', key: '', endpoint: '' }
type PresetScope = typeof ANY_SCOPE

/** Each preset a button, narrowed to N requests, a key or an endpoint. */
export function PresetList(props: PanelPart & { keys: string[] }): VNode {
  const { admin } = props
  // Presets never change: read once, not at each revision.
  const presets = useAdminData<{ data: ListedScenario[] }>(
    { admin },
    '/presets',
  )
  const [scope, setScope] = useState(ANY_SCOPE)
  const action = useAdminAction(props)
  const apply = (name: string) => {
    const body = { preset: name, ...toScenarioScope(scope) }
    return action.run('/scenarios', { method: 'POST', body })
  }
  const disabled = !admin.unlocked
  return html`<div class="control-block">
    <h3>Presets</h3>
    <${ScopeRow}
      scope=${scope}
      keys=${props.keys}
      disabled=${disabled}
      onChange=${(change: Partial<PresetScope>) =>
        setScope((current) => ({ ...current, ...change }))}
    />
    ${
      presets.data === undefined
        ? html`<p class="muted">
            ${
              presets.exchange === undefined
                ? disabled
                  ? 'Locked.'
                  : 'Loading the presets…'
                : `The control API did not list its presets (${presets.exchange.status}); add one as a custom scenario: {"preset": "rate-limited"}.`
            }
          </p>`
        : html`<ul class="preset-list">
            ${presets.data.data.map(
              (preset) =>
                html`<li>
                  <div>
                    <strong>${preset.name}</strong>
                    <span class="muted"> ${describeScenario(preset)}</span>
                  </div>
                  <button
                    type="button"
                    class="button-small"
                    disabled=${disabled}
                    aria-label=${`Apply ${preset.name}`}
                    onClick=${() => apply(preset.name ?? '')}
                  >
                    Apply
                  </button>
                </li>`,
            )}
          </ul>`
    }
    <${ActionResult} exchange=${action.result} success="Scenario added." />
  </div>`
}

// A field left empty is undefined, so the JSON body leaves it out.
function toScenarioScope({ times, key, endpoint }: PresetScope) {
  const match =
    key === '' && endpoint === ''
      ? undefined
      : { key: key || undefined, endpoint: endpoint || undefined }
  return { times: times.trim() === '' ? undefined : Number(times), match }
}

function ScopeRow(props: {
  scope: PresetScope
  keys: string[]
  disabled: boolean
  onChange: (change: Partial<PresetScope>) => void
}): VNode {
  const { scope, disabled } = props
  const onValue = (field: keyof PresetScope) => (value: string) =>
    props.onChange({ [field]: value })
  return html`<div class="form-row">
    <label
      >Times
      <input
        type="number"
        min="1"
        inputmode="numeric"
        placeholder="every request"
        value=${scope.times}
        disabled=${disabled}
        onInput=${toValue(onValue('times'))}
    /></label>
    <${NameSelect}
      label="Key"
      any="any key"
      names=${props.keys}
      value=${scope.key}
      disabled=${disabled}
      onChange=${onValue('key')}
    />
    <${NameSelect}
      label="Endpoint"
      any="any endpoint"
      names=${ENDPOINT_NAMES}
      value=${scope.endpoint}
      disabled=${disabled}
      onChange=${onValue('endpoint')}
    />
  </div>`
}
