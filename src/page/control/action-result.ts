import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { isSuccess, type ApiExchange } from '../api-client.js'
import { readErrorEnvelope } from '../exchange-view.js'

// A fixture document as a curl argument would put megabytes into the page.
const MAX_CURL_LENGTH = 4000

// `invalid_fixture` names every bad path in `issues`.
function readIssues(body: unknown) {
  const issues = (body as { error?: { issues?: unknown } } | undefined)?.error
    ?.issues
  if (!Array.isArray(issues)) return []
  return issues.filter(
    (issue): issue is { path: string; message: string } =>
      typeof issue?.path === 'string' && typeof issue?.message === 'string',
  )
}

/**
 * A success line, or the failure as received, with the request as curl;
 * without `success`, a failure only.
 */
export function ActionResult(props: {
  exchange: ApiExchange | undefined
  success?: string
}): VNode | null {
  const { exchange } = props
  if (exchange === undefined) return null
  if (isSuccess(exchange)) {
    if (props.success === undefined) return null
    return html`<p class="action-result action-ok" role="status">
      <span class="status status-ok">${exchange.status}</span> ${props.success}
    </p>`
  }
  const envelope = readErrorEnvelope(exchange.body)
  const issues = readIssues(exchange.body)
  const headline =
    exchange.status === 0
      ? `No response: ${exchange.networkError ?? 'the request failed'}`
      : issues.length > 0
        ? (envelope?.message.split('\n')[0] ?? '')
        : (envelope?.message ??
          (typeof exchange.body === 'string' ? exchange.body : ''))
  return html`<div class="action-result action-failed" role="alert">
    <p>
      <span class="status status-fail"
        >${exchange.status === 0 ? 'no response' : exchange.status}</span
      >
      ${envelope !== undefined && html` <code>${envelope.code}</code>`}
      <span class="action-message"> ${headline}</span>
    </p>
    ${
      issues.length > 0 &&
      html`<ul class="issues" aria-label="Problems found">
        ${issues.map(
          (issue) =>
            html`<li>
              <code>${issue.path || '(document)'}</code> ${issue.message}
            </li>`,
        )}
      </ul>`
    }
    ${
      exchange.curl.length <= MAX_CURL_LENGTH &&
      html`<details class="action-curl">
        <summary>The same request with curl</summary>
        <code>${exchange.curl}</code>
      </details>`
    }
  </div>`
}
