import { html } from 'htm/preact'
import type { VNode } from 'preact'
import {
  describeRateLimit,
  describeScenario,
  type ListedScenario,
} from './describe-scenario.js'
import type { JournalEntry } from './journal-entry-row.js'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { POLL_INTERVAL_MS } from './use-polling.js'

/** What the journal shows of one key: requests and how many were refused. */
interface KeyTally {
  keyLabel: string
  requests: number
  limited: number
  lastLimited?: string
}

/**
 * Rate limits: those configured (the `rateLimit` scenarios in force, from
 * `--rate-limit` or added later) and, per key, its requests and 429s in the
 * journal.
 * @note The control API does not expose a limiter's counters; a client sees
 * what is left on every API response (`RateLimit-Remaining`, shown by the
 * explorer). The journal is the closest readable record, so the panel says
 * so and shows that.
 * @example
 * html`<${RateLimitSection} admin=${admin} scenarios=${list} revision=${revision} />`
 */
export function RateLimitSection(props: {
  admin: AdminAccess
  scenarios: ListedScenario[] | undefined
  revision: number
}): VNode {
  const limits = (props.scenarios ?? []).filter(
    (scenario) => scenario.rateLimit !== undefined,
  )
  const journal = useAdminData<{ data: JournalEntry[] }>(
    props.admin,
    '/requests',
    POLL_INTERVAL_MS,
    [props.revision],
  )
  const tallies = tallyByKey(journal.data?.data ?? [])
  return html`<section class="panel" aria-labelledby="rate-limit-title">
    <h2 id="rate-limit-title">Rate limits</h2>
    ${
      props.scenarios === undefined
        ? html`<p class="muted">
            ${props.admin.unlocked ? 'Loading…' : 'Locked.'}
          </p>`
        : limits.length === 0
          ? html`<p class="muted">
              No rate limit in force. Start the server with${' '}
              <code>--rate-limit 60/1m</code>, or add a custom scenario such
              as${' '} <code>{"rateLimit": {"limit": 3, "window": "1m"}}</code>.
            </p>`
          : html`<ul class="plain-list" aria-label="Rate limits in force">
              ${limits.map(
                (scenario) =>
                  html`<li>
                    <strong>${describeRateLimit(scenario.rateLimit!)}</strong>
                    <span class="muted"
                      >${` · ${describeLimitDetails(scenario)}`}</span
                    >
                  </li>`,
              )}
            </ul>`
    }
    <h3>Per key</h3>
    <p class="muted">
      The control API does not expose the limiter's counters: each API response
      carries what is left (<code>RateLimit-Remaining</code>, shown in the
      explorer). From the journal, per key:
    </p>
    ${
      tallies.length === 0
        ? html`<p class="muted">No request with a key in the journal yet.</p>`
        : html`<div class="table-scroll">
            <table class="tally">
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Requests</th>
                  <th scope="col">429</th>
                  <th scope="col">Last 429</th>
                </tr>
              </thead>
              <tbody>
                ${tallies.map(
                  (tally) =>
                    html`<tr>
                      <th scope="row"><code>${tally.keyLabel}</code></th>
                      <td>${tally.requests}</td>
                      <td>${tally.limited}</td>
                      <td>${tally.lastLimited?.slice(11, 19) ?? '–'}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }
  </section>`
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

function tallyByKey(entries: readonly JournalEntry[]): KeyTally[] {
  const tallies = new Map<string, KeyTally>()
  for (const entry of entries) {
    if (entry.keyLabel === undefined) continue
    const tally = tallies.get(entry.keyLabel) ?? {
      keyLabel: entry.keyLabel,
      requests: 0,
      limited: 0,
    }
    tally.requests++
    if (entry.status === 429) {
      tally.limited++
      tally.lastLimited = entry.time
    }
    tallies.set(entry.keyLabel, tally)
  }
  return [...tallies.values()]
}
