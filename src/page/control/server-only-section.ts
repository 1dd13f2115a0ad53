import { html } from 'htm/preact'
import type { VNode } from 'preact'

/**
 * One line saying that something needs the server, in a build-demo folder's
 * panel: `what` is the subject and its verb, e.g. "Moving the clock needs".
 */
export function NeedsServer(props: { what: string }): VNode {
  return html`<p class="muted server-only">
    ${props.what} the server (<code>npx content-api-mock</code>).
  </p>`
}

/**
 * Where a part of the panel that needs the server would be, in a build-demo
 * folder: its title and why it is not there, instead of a form that cannot
 * send or a list that never loads.
 */
export function ServerOnlySection(props: {
  id: string
  title: string
  what: string
}): VNode {
  const titleId = `${props.id}-title`
  return html`<section
    class="panel"
    aria-labelledby=${titleId}
    data-server-only=${props.id}
  >
    <h2 id=${titleId}>${props.title}</h2>
    <${NeedsServer} what=${props.what} />
  </section>`
}
