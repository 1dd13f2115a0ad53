import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { statusClass } from '../exchange-view.js'

/**
 * A journal entry's status in the tone of its outcome, `dropped` for a
 * connection dropped without an answer.
 */
export function EntryStatus(props: { status: number }): VNode {
  const { status } = props
  return html`<span class=${`status status-${statusClass(status)}`}
    >${status === 0 ? 'dropped' : status}</span
  >`
}
