import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { READ_ONLY_REASON } from './use-admin-access.js'

/**
 * Where a part of the panel that needs the server would be, in a build-demo
 * folder: its title and why it is not there, instead of a form that cannot
 * send or a list that never loads.
 * @example
 * html`<${ServerOnlySection} id="journal" title="Request journal" />`
 */
export function ServerOnlySection(props: { id: string; title: string }): VNode {
  const titleId = `${props.id}-title`
  return html`<section
    class="panel server-only"
    aria-labelledby=${titleId}
    data-server-only=${props.id}
  >
    <h2 id=${titleId}>${props.title}</h2>
    <p class="muted">${READ_ONLY_REASON}</p>
  </section>`
}
