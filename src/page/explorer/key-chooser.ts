import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ExchangeView } from '../exchange-view.js'
import { describeSight, type KeyDescription } from './describe-keys.js'
import type { ControlRecords } from './use-control-records.js'
import { toValue } from '../field-value.js'

const STATE_BADGE = {
  active: 'badge badge-ok',
  expired: 'badge badge-warn',
  revoked: 'badge badge-fail',
} as const

/**
 * Folded to one line inside a project, on narrow screens and when the keys
 * cannot be listed, so the first screen shows the data, not the chooser.
 */
export function KeyChooser(props: {
  apiKey: string
  records: ControlRecords
  onChange: (key: string) => void
  folded: boolean
}): VNode {
  const { apiKey, records } = props
  const unfolded = () =>
    !props.folded &&
    !records.locked &&
    matchMedia(WIDE_ENOUGH_TO_UNFOLD).matches
  const [open, setOpen] = useState(unfolded)
  // Entering or leaving a project folds or unfolds it again.
  useEffect(() => setOpen(unfolded()), [props.folded])
  const chosen = records.keys?.find((d) => d.key === apiKey)
  return html`<details
    class="panel key-chooser"
    open=${open}
    onToggle=${(event: Event) =>
      setOpen((event.currentTarget as HTMLDetailsElement).open)}
  >
    <summary>
      <h2 id="key-title">API key</h2>
      <code class="key-value">${apiKey === '' ? '(none)' : apiKey}</code>
      ${
        chosen !== undefined &&
        html`<span class=${STATE_BADGE[chosen.state]}>${chosen.state}</span>
          <span class="muted small"
            >${chosen.accountName ?? chosen.account}</span
          >`
      }
      <span class="key-chooser-toggle" aria-hidden="true"
        >${open ? 'Close' : 'Change'}</span
      >
    </summary>
    ${
      records.locked &&
      html`<p class="key-hint muted small">
        Listing the dataset's keys needs the admin token (the server runs
        with${' '}<code>--admin-token</code>): enter it in the${' '}
        <a href="#/control">Control panel</a>, or type a key below.
      </p>`
    }
    ${
      records.keys !== undefined &&
      html`<${KeyList}
        descriptions=${records.keys}
        apiKey=${apiKey}
        onChange=${props.onChange}
      />`
    }
    <${TypedKeyForm} onChange=${props.onChange} />
    ${
      chosen === undefined &&
      html`<p class="key-current">
        Sending${' '}
        <code>Authorization: Bearer ${apiKey === '' ? '(none)' : apiKey}</code>
      </p>`
    }
    ${
      records.exchange !== undefined &&
      html`<details class="panel-requests">
        <summary>Control API request</summary>
        <${ExchangeView} exchange=${records.exchange} open=${false} />
      </details>`
    }
  </details>`
}

const WIDE_ENOUGH_TO_UNFOLD = '(min-width: 48rem)'

function KeyList(props: {
  descriptions: KeyDescription[]
  apiKey: string
  onChange: (key: string) => void
}): VNode {
  const { apiKey } = props
  return html`<fieldset class="key-list">
    <legend class="visually-hidden">The dataset's API keys</legend>
    ${props.descriptions.map(
      (d) =>
        html`<label
          class=${`key-option${d.key === apiKey ? ' key-option-chosen' : ''}`}
        >
          <input
            type="radio"
            name="api-key"
            value=${d.key}
            checked=${d.key === apiKey}
            onChange=${() => props.onChange(d.key)}
          />
          <span class="key-option-text">
            <code class="key-value">${d.key}</code>
            <span class=${STATE_BADGE[d.state]}>${d.state}</span>
            <span class="key-account"
              >${`${d.accountName ?? d.account} `}<span class="muted"
                >(${d.account})</span
              ></span
            >
            <span class="key-sight muted">${describeSight(d)}</span>
          </span>
        </label>`,
    )}
  </fieldset>`
}

function TypedKeyForm(props: { onChange: (key: string) => void }): VNode {
  const [typed, setTyped] = useState('')
  const useTyped = (event: Event) => {
    event.preventDefault()
    const key = typed.trim()
    if (key !== '') props.onChange(key)
  }
  return html`<form class="key-form" onSubmit=${useTyped}>
    <label for="typed-key">Another key</label>
    <input
      id="typed-key"
      type="text"
      autocomplete="off"
      spellcheck="false"
      placeholder="any key, e.g. a wrong one"
      value=${typed}
      onInput=${toValue(setTyped)}
    />
    <button type="submit">Use this key</button>
  </form>`
}
