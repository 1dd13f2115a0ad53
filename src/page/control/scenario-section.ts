import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActiveScenarios } from './active-scenarios.js'
import { CustomScenarioForm } from './custom-scenario-form.js'
import type { ListedScenario } from './describe-scenario.js'
import type { ApiKeyRecord } from './endpoint-names.js'
import { PresetList } from './preset-list.js'
import { NeedsServer } from './server-only-section.js'
import type { AdminAccess } from './use-admin-access.js'

/**
 * The scenarios part of the control panel: those in force with their
 * counters, presets and a custom scenario (only where a server can take
 * them).
 */
export function ScenarioSection(props: {
  admin: AdminAccess
  keys: ApiKeyRecord[]
  scenarios: ListedScenario[] | undefined
  onChange: () => void
}): VNode {
  return html`<section class="panel" aria-labelledby="scenarios-title">
    <h2 id="scenarios-title">Scenarios</h2>
    <p class="muted">
      Force statuses, delays, dropped connections or rate limits on the API.
    </p>
    <${ActiveScenarios}
      admin=${props.admin}
      scenarios=${props.scenarios}
      onChange=${props.onChange}
    />
    ${
      !props.admin.readOnly
        ? html`<${PresetList}
              admin=${props.admin}
              keys=${props.keys}
              onChange=${props.onChange}
            />
            <${CustomScenarioForm}
              admin=${props.admin}
              onChange=${props.onChange}
            />`
        : html`<${NeedsServer} what="Presets and custom scenarios need" />`
    }
  </section>`
}
