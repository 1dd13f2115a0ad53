import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PageConfig } from '../page-config.js'

/**
 * The explorer at `#/`: API key → projects → contents → one content.
 * @example
 * html`<${Explorer} config=${config} route="/" />`
 */
export function Explorer(props: { config: PageConfig; route: string }): VNode {
  return html`<section class="panel">
    <h1>Explorer</h1>
    <p>${props.config.apiBase}</p>
  </section>`
}
