import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PublishResult } from './api-types.js'

export function publishStatusClass(status: string): string {
  if (status === 'success') return 'badge badge-ok'
  if (status === 'failed') return 'badge badge-fail'
  return 'badge badge-warn'
}

export function PublishBadges(props: { publish: PublishResult[] }): VNode {
  if (props.publish.length === 0) {
    return html`<span class="muted small">not published</span>`
  }
  return html`<ul class="publish-badges" aria-label="Published on">
    ${props.publish.map(
      (result) =>
        html`<li class=${publishStatusClass(result.status)}>
          ${result.platform} · ${result.status}
        </li>`,
    )}
  </ul>`
}
