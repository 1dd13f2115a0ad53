import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ActionResult } from './action-result.js'
import { describeScenario, type ListedScenario } from './describe-scenario.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'

/**
 * The scenarios in force with their counters (`matched`, `fired`,
 * `remaining`), each removable (`DELETE /__mock/scenarios/:id`), and all of
 * them at once (`DELETE /__mock/scenarios`).
 */
export function ActiveScenarios(
  props: PanelPart & { scenarios: ListedScenario[] | undefined },
): VNode {
  const { admin, scenarios } = props
  const action = useAdminAction(props)
  const disabled = !admin.unlocked || admin.readOnly
  const remove = (path: string, what: string) =>
    action.run(path, { method: 'DELETE' }, what)

  return html`<div class="control-block">
    <div class="block-head">
      <h3>In force</h3>
      <button
        type="button"
        class="button-small"
        disabled=${disabled || scenarios === undefined || scenarios.length === 0}
        onClick=${() => remove('/scenarios', 'Every scenario removed.')}
      >
        Clear all
      </button>
    </div>
    ${
      scenarios === undefined
        ? html`<p class="muted">${admin.unlocked ? 'Loading…' : 'Locked.'}</p>`
        : scenarios.length === 0
          ? html`<p class="muted" data-testid="no-scenarios">
              No scenario in force: the API answers normally.
            </p>`
          : html`<ul class="scenario-list" aria-label="Scenarios in force">
              ${scenarios.map(
                (scenario) =>
                  html`<li data-scenario=${scenario.name}>
                    <div class="scenario-what">
                      <strong>${scenario.name}</strong>
                      <code class="muted">${scenario.id}</code>
                      <div>${describeScenario(scenario)}</div>
                    </div>
                    <dl class="counters">
                      <div>
                        <dt>matched</dt>
                        <dd>${scenario.matched ?? 0}</dd>
                      </div>
                      <div>
                        <dt>fired</dt>
                        <dd>${scenario.fired ?? 0}</dd>
                      </div>
                      <div>
                        <dt>remaining</dt>
                        <dd>${scenario.remaining ?? '∞'}</dd>
                      </div>
                    </dl>
                    <button
                      type="button"
                      class="button-small"
                      disabled=${disabled}
                      aria-label=${`Remove ${scenario.name} (${scenario.id})`}
                      onClick=${() =>
                        remove(
                          `/scenarios/${encodeURIComponent(scenario.id ?? '')}`,
                          `Removed ${scenario.id}.`,
                        )}
                    >
                      Remove
                    </button>
                  </li>`,
              )}
            </ul>`
    }
    <${ActionResult} exchange=${action.result} success=${action.done} />
  </div>`
}
