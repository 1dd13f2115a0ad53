import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { isSuccess } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { toChecked } from '../field-value.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'
import { useAdminData } from './use-admin-data.js'

interface VariantState {
  variants: string[]
  known: string[]
  /** Absent from a server older than the page. */
  summaries?: Record<string, string>
}

/** The name that turns on every other variant. */
const ALL = 'hostile'

/** A switch per variant, `PUT /__mock/variants` at each change. */
export function VariantSection(props: PanelPart): VNode {
  const { admin } = props
  const state = useAdminData<VariantState>(props, '/variants')
  const action = useAdminAction(props)
  // The list asked for, until the next read: else a switch would flip back
  // while its PUT is on the way.
  const [asked, setAsked] = useState<string[]>()
  useEffect(() => setAsked(undefined), [state.data])
  const current = asked ?? state.data?.variants ?? []
  const disabled = !admin.unlocked || state.data === undefined

  const put = async (variants: string[], what: string) => {
    setAsked(variants)
    const body = { variants }
    const answer = await action.run('/variants', { method: 'PUT', body }, what)
    if (!isSuccess(answer)) setAsked(undefined)
  }
  const toggle = (name: string, on: boolean) =>
    put(
      on ? [...current, name] : current.filter((item) => item !== name),
      `${name} ${on ? 'on' : 'off'}.`,
    )

  return html`<section class="panel" aria-labelledby="variants-title">
    <div class="block-head">
      <h2 id="variants-title">Variants</h2>
      <button
        type="button"
        class="button-small"
        disabled=${disabled || current.length === 0}
        onClick=${() => put([], 'Every variant off: strict to the spec.')}
      >
        All off
      </button>
    </div>
    <p class="muted">
      Answers the spec leaves open, served the other way, to test that a client
      copes. Off by default: the mock is strict to the spec.
    </p>
    ${
      state.data === undefined
        ? html`<p class="muted">
            ${
              !admin.unlocked
                ? 'Locked.'
                : state.exchange === undefined
                  ? 'Loading…'
                  : `GET /variants answered ${state.exchange.status || 'nothing'}: variants need the server (npx content-api-mock).`
            }
          </p>`
        : html`<${VariantSwitches}
            state=${state.data}
            current=${current}
            disabled=${disabled}
            onToggle=${toggle}
          />`
    }
    <${ActionResult} exchange=${action.result} success=${action.done} />
  </section>`
}

function VariantSwitches(props: {
  state: VariantState
  current: string[]
  disabled: boolean
  onToggle: (name: string, on: boolean) => void
}): VNode {
  const { current, disabled } = props
  const all = current.includes(ALL)
  return html`<ul class="variant-list">
    ${props.state.known.map((name) => {
      const on = current.includes(name) || (all && name !== ALL)
      return html`<li data-variant=${name}>
        <label class="inline-check">
          <input
            type="checkbox"
            checked=${on}
            disabled=${disabled || (all && name !== ALL)}
            onChange=${toChecked((on) => props.onToggle(name, on))}
          />
          <code>${name}</code>
        </label>
        <span class="muted">
          ${withCode(props.state.summaries?.[name] ?? '')}
        </span>
      </li>`
    })}
  </ul>`
}

/** A summary with its `code` spans as `<code>`. */
function withCode(text: string): (string | VNode)[] {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))
}
