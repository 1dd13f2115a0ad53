import { html } from 'htm/preact'
import type { VNode } from 'preact'

/**
 * A journal entry's status in the tone of its outcome, `dropped` for a
 * connection dropped without an answer.
 */
export function EntryStatus(props: { status: number }): VNode {
  const { status } = props
  const tone =
    status >= 200 && status < 400
      ? 'ok'
      : status >= 400 && status < 500
        ? 'client'
        : 'fail'
  return html`<span class=${`status status-${tone}`}
    >${status === 0 ? 'dropped' : status}</span
  >`
}
