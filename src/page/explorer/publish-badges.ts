import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PublishResult } from './api-types.js'

/**
 * The badge class of a publish status: success green, failed red, anything
 * else (pending, or a value the spec does not show) neutral.
 */
export function publishStatusClass(status: string): string {
  if (status === 'success') return 'badge badge-ok'
  if (status === 'failed') return 'badge badge-fail'
  return 'badge badge-warn'
}

/**
 * A content's publish platforms as small badges: platform and status.
 */
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
