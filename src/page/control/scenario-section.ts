import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActiveScenarios } from './active-scenarios.js'
import { CustomScenarioForm } from './custom-scenario-form.js'
import type { ListedScenario } from './describe-scenario.js'
import type { ApiKeyRecord } from './endpoint-names.js'
import { PresetList } from './preset-list.js'
import type { AdminAccess } from './use-admin-access.js'

/**
 * The scenarios part of the control panel: presets, a custom scenario, and
 * those in force with their counters.
 * @example
 * html`<${ScenarioSection} admin=${admin} keys=${keys} scenarios=${list} onChange=${refresh} />`
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
    <${PresetList}
      admin=${props.admin}
      keys=${props.keys}
      onChange=${props.onChange}
    />
    <${CustomScenarioForm} admin=${props.admin} onChange=${props.onChange} />
  </section>`
}
