import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import type { ApiExchange } from './api-client.js'

/** What a panel received, as received; an error's code and message on top. */
export function ExchangeView(props: {
  exchange: ApiExchange | undefined
  /** Open the body at once; default: for errors. */
  open?: boolean
}): VNode | null {
  const { exchange } = props
  if (exchange === undefined) return null
  const failed = exchange.status === 0 || exchange.status >= 400
  const envelope = readErrorEnvelope(exchange.body)
  return html`<div class=${`exchange${failed ? ' exchange-failed' : ''}`}>
    <div class="exchange-line">
      <${StatusBadge} status=${exchange.status} none="no response" />
      <code class="exchange-request"
        >${exchange.method} ${displayPath(exchange.url)}</code
      >
    </div>
    ${
      exchange.networkError !== undefined &&
      html`<p class="exchange-error" role="alert">
        The request failed before any response: ${exchange.networkError}
      </p>`
    }
    ${
      envelope !== undefined &&
      html`<p class="exchange-error" role="alert">
        <code>${envelope.code}</code> ${envelope.message}
      </p>`
    }
    ${
      exchange.headers.length > 0 &&
      html`<dl class="exchange-headers">
        ${exchange.headers.map(
          ([name, value]) =>
            html`<div>
              <dt>${name}</dt>
              <dd>${value}</dd>
            </div>`,
        )}
      </dl>`
    }
    ${
      exchange.body !== undefined &&
      html`<details class="exchange-body" open=${props.open ?? failed}>
        <summary>Response body</summary>
        <pre tabindex="0">
${
            typeof exchange.body === 'string'
              ? exchange.body
              : JSON.stringify(exchange.body, null, 2)
          }</pre>
      </details>`
    }
    <${CurlLine} curl=${exchange.curl} />
  </div>`
}

function CurlLine(props: { curl: string }): VNode {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.curl)
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      // No clipboard (e.g. plain HTTP on another host): the text stays selectable.
    }
  }
  return html`<div class="curl">
    <code>${props.curl}</code>
    <button type="button" class="button-small" onClick=${copy}>
      ${copied ? 'Copied' : 'Copy curl'}
    </button>
  </div>`
}

export function readErrorEnvelope(body: unknown) {
  const error = (body as { error?: { code?: unknown; message?: unknown } })
    ?.error
  if (typeof error?.code !== 'string') return undefined
  return {
    code: error.code,
    message: typeof error.message === 'string' ? error.message : '',
  }
}

/**
 * A status in the tone of its outcome; `none` says what a 0 was (no response,
 * or a connection the journal saw dropped without an answer).
 */
export function StatusBadge(props: { status: number; none: string }): VNode {
  const { status } = props
  return html`<span class=${`status status-${statusClass(status)}`}
    >${status === 0 ? props.none : status}</span
  >`
}

// A journal's 304 (an asset the client had) is no failure either.
function statusClass(status: number): string {
  if (status >= 200 && status < 400) return 'ok'
  if (status >= 400 && status < 500) return 'client'
  return 'fail'
}

function displayPath(url: string): string {
  const parsed = new URL(url)
  return parsed.origin === location.origin
    ? `${parsed.pathname}${parsed.search}`
    : url
}
