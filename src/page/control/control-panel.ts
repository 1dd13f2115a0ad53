import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PageConfig } from '../page-config.js'

/**
 * The control panel at `#/control`: scenarios, clock, reset, the request
 * journal and fixtures, over the control API at `config.adminBase`.
 * @example
 * html`<${ControlPanel} config=${config} />`
 */
export function ControlPanel(props: { config: PageConfig }): VNode {
  return html`<section class="panel" aria-labelledby="control-title">
    <h2 id="control-title">Control panel</h2>
    <p>
      The control panel is not here yet. The control API answers at
      <code>${props.config.adminBase}</code>.
    </p>
  </section>`
}
