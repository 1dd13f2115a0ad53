import { html } from 'htm/preact'
import type { VNode } from 'preact'
import {
  describeRateLimit,
  describeScenario,
  type ListedScenario,
} from './describe-scenario.js'

/** The `rateLimit` scenarios and each counted key's `usage`: left, reset. */
export function RateLimitSection(props: {
  scenarios: ListedScenario[] | undefined
  locked: boolean
}): VNode {
  const limits = (props.scenarios ?? []).filter(
    (scenario) => scenario.rateLimit !== undefined,
  )
  return html`<section class="panel" aria-labelledby="rate-limit-title">
    <h2 id="rate-limit-title">Rate limits</h2>
    ${
      props.scenarios === undefined
        ? html`<p class="muted">${props.locked ? 'Locked.' : 'Loading…'}</p>`
        : limits.length === 0
          ? html`<p class="muted">
              No rate limit in force. Start the server with${' '}
              <code>--rate-limit 60/1m</code>, or add a custom scenario such
              as${' '} <code>{"rateLimit": {"limit": 3, "window": "1m"}}</code>.
            </p>`
          : limits.map(
              (scenario) => html`<${RateLimitUsage} scenario=${scenario} />`,
            )
    }
  </section>`
}

function RateLimitUsage(props: { scenario: ListedScenario }): VNode {
  const { scenario } = props
  const usage = scenario.usage ?? []
  const perEndpoint = scenario.rateLimit?.perEndpoint === true
  return html`<div class="rate-limit">
    <p>
      <strong>${describeRateLimit(scenario.rateLimit!)}</strong>
      <span class="muted">${` · ${describeLimitDetails(scenario)}`}</span>
    </p>
    ${
      usage.length === 0
        ? html`<p class="muted">
            No key has used it in the current window: each starts with
            ${` ${scenario.rateLimit!.limit}`}.
          </p>`
        : html`<div class="table-scroll">
            <table class="tally">
              <caption class="visually-hidden">
                ${`Keys counted by ${scenario.id ?? 'this limit'}`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  ${perEndpoint && html`<th scope="col">Endpoint</th>`}
                  <th scope="col">Left</th>
                  <th scope="col">Resets in</th>
                </tr>
              </thead>
              <tbody>
                ${usage.map(
                  (row) =>
                    html`<tr class=${row.remaining === 0 ? 'exhausted' : ''}>
                      <th scope="row"><code>${row.keyLabel}</code></th>
                      ${perEndpoint && html`<td>${row.endpoint}</td>`}
                      <td>
                        ${
                          row.remaining === 0
                            ? html`<strong>0 (429)</strong>`
                            : row.remaining
                        }
                      </td>
                      <td>${`${row.resetSeconds} s`}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }
  </div>`
}

function describeLimitDetails(scenario: ListedScenario): string {
  const scope =
    describeScenario({ ...scenario, rateLimit: undefined })
      .split(' · ')
      .slice(1)
      .join(' · ') || 'every key and endpoint'
  const headers = `${scenario.rateLimit?.headers ?? 'ratelimit'} headers`
  return [headers, scope, scenario.id].join(' · ')
}
