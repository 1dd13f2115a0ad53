import { html } from 'htm/preact'
import type { VNode } from 'preact'

/** `what` is a subject and its verb, e.g. "Moving the clock needs". */
export function NeedsServer(props: { what: string }): VNode {
  return html`<p class="muted server-only">
    ${props.what} the server (<code>npx content-api-mock</code>).
  </p>`
}

/** In a build-demo folder, instead of a form that cannot send. */
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
