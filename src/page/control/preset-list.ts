import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { describeScenario, type ListedScenario } from './describe-scenario.js'
import { ENDPOINT_NAMES, type ApiKeyRecord } from './endpoint-names.js'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'

/**
 * The presets the control API lists (`GET /__mock/presets`), each applied
 * with one button, optionally narrowed to the next N requests, one key or
 * one endpoint (`POST /__mock/scenarios` with `{ "preset": name, … }`).
 * @example
 * html`<${PresetList} admin=${admin} keys=${keys} onChange=${refresh} />`
 */
export function PresetList(props: {
  admin: AdminAccess
  keys: ApiKeyRecord[]
  onChange: () => void
}): VNode {
  const { admin } = props
  const presets = useAdminData<{ data: ListedScenario[] }>(
    admin,
    '/presets',
    undefined,
    [],
  )
  const [times, setTimes] = useState('')
  const [key, setKey] = useState('')
  const [endpoint, setEndpoint] = useState('')
  const [result, setResult] = useState<ApiExchange>()

  const apply = async (name: string) => {
    const match = {
      ...(key === '' ? {} : { key }),
      ...(endpoint === '' ? {} : { endpoint }),
    }
    const body = {
      preset: name,
      ...(times.trim() === '' ? {} : { times: Number(times) }),
      ...(Object.keys(match).length === 0 ? {} : { match }),
    }
    setResult(await admin.call('/scenarios', { method: 'POST', body }))
    props.onChange()
  }

  const disabled = !admin.unlocked
  return html`<div class="control-block">
    <h3>Presets</h3>
    <div class="form-row">
      <label
        >Times
        <input
          type="number"
          min="1"
          inputmode="numeric"
          placeholder="every request"
          value=${times}
          disabled=${disabled}
          onInput=${(event: Event) =>
            setTimes((event.target as HTMLInputElement).value)}
      /></label>
      <label
        >Key
        <select
          value=${key}
          disabled=${disabled}
          onChange=${(event: Event) =>
            setKey((event.target as HTMLSelectElement).value)}
        >
          <option value="">any key</option>
          ${props.keys.map(
            (record) =>
              html`<option value=${record.key}>${record.key}</option>`,
          )}
        </select></label
      >
      <label
        >Endpoint
        <select
          value=${endpoint}
          disabled=${disabled}
          onChange=${(event: Event) =>
            setEndpoint((event.target as HTMLSelectElement).value)}
        >
          <option value="">any endpoint</option>
          ${ENDPOINT_NAMES.map(
            (name) => html`<option value=${name}>${name}</option>`,
          )}
        </select></label
      >
    </div>
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
    <${ActionResult} exchange=${result} success="Scenario added." />
  </div>`
}
