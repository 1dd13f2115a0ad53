import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActiveScenarios } from './active-scenarios.js'
import { CustomScenarioForm } from './custom-scenario-form.js'
import type { ListedScenario } from './describe-scenario.js'
import { PresetList } from './preset-list.js'
import { NeedsServer } from './server-only-section.js'
import type { PanelPart } from './use-admin-access.js'

/**
 * The scenarios part of the control panel: those in force with their
 * counters, presets and a custom scenario (only where a server can take
 * them).
 */
export function ScenarioSection(
  props: PanelPart & {
    keys: string[]
    scenarios: ListedScenario[] | undefined
  },
): VNode {
  return html`<section class="panel" aria-labelledby="scenarios-title">
    <h2 id="scenarios-title">Scenarios</h2>
    <p class="muted">
      Force statuses, delays, dropped connections or rate limits on the API.
    </p>
    <${ActiveScenarios} ...${props} />
    ${
      !props.admin.readOnly
        ? html`<${PresetList} ...${props} />
            <${CustomScenarioForm} ...${props} />`
        : html`<${NeedsServer} what="Presets and custom scenarios need" />`
    }
  </section>`
}
