import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import { callApi, type ApiExchange } from '../api-client.js'
import { ExchangeView } from '../exchange-view.js'
import type { PageConfig } from '../page-config.js'
import { API_KEY_STORAGE, readSessionValue } from '../session-state.js'
import { toValue } from '../field-value.js'
import { NameSelect } from './name-select.js'

/**
 * One API request from the panel, to see a scenario, the clock or a patch at
 * work without leaving it: a key (the explorer's choice by default), a path
 * under the API base, and the answer as any client receives it (status,
 * rate-limit headers and Retry-After, the envelope, curl).
 */
export function TryRequest(props: {
  config: PageConfig
  keys: string[]
  onSent: () => void
}): VNode {
  const { config } = props
  const [key, setKey] = useState(
    () => readSessionValue(API_KEY_STORAGE) ?? config.defaultKey,
  )
  const [path, setPath] = useState('/projects')
  const [exchange, setExchange] = useState<ApiExchange>()
  const [sending, setSending] = useState(false)
  const keys = props.keys.includes(key) ? props.keys : [key, ...props.keys]

  const send = async (event: Event) => {
    event.preventDefault()
    setSending(true)
    const suffix = path.startsWith('/') ? path : `/${path}`
    setExchange(await callApi(`${config.apiBase}${suffix}`, { apiKey: key }))
    setSending(false)
    props.onSent()
  }

  return html`<section class="panel" aria-labelledby="try-title">
    <h2 id="try-title">Try a request</h2>
    <p class="muted">
      Calls the API with a key, as an app under demo would, to see what the
      scenarios and the clock do to it.
    </p>
    <form class="form-row" onSubmit=${send}>
      <${NameSelect}
        label="Key"
        names=${keys}
        value=${key}
        onChange=${setKey}
      />
      <label class="grow"
        >Path under${' '}<code class="url-text"
          >${breakAtSlashes(config.apiBase)}</code
        >
        <input type="text" value=${path} onInput=${toValue(setPath)}
      /></label>
      <button type="submit" class="primary" disabled=${sending}>
        ${sending ? 'Sending…' : 'Send'}
      </button>
    </form>
    ${
      exchange !== undefined &&
      html`<div data-testid="try-exchange">
        <${ExchangeView} exchange=${exchange} />
      </div>`
    }
  </section>`
}

/** A URL with a line-break opportunity after each `/`, so it wraps there. */
function breakAtSlashes(url: string): (string | VNode)[] {
  return url.split(/(?<=\/)/).flatMap((part) => [part, html`<wbr />`])
}
