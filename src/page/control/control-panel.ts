import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useCallback, useMemo, useState } from 'preact/hooks'
import type { PageConfig } from '../page-config.js'
import { AdminTokenForm } from './admin-token-form.js'
import { ClockSection } from './clock-section.js'
import type { ListedScenario } from './describe-scenario.js'
import type { ApiKeyRecord } from './endpoint-names.js'
import { FixtureTransfer } from './fixture-transfer.js'
import { JournalSection } from './journal-section.js'
import { RateLimitSection } from './rate-limit-section.js'
import { RecordEditor } from './record-editor.js'
import { ScenarioSection } from './scenario-section.js'
import { TryRequest } from './try-request.js'
import { VariantSection } from './variant-section.js'
import { useAdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { POLL_INTERVAL_MS } from './use-polling.js'

/**
 * The control panel at `#/control`: scenarios, variants, the clock, rate
 * limits, the request journal and the data, over the control API at `config.adminBase`,
 * like any client of it. Locked (read-only, saying why) until the admin
 * token is entered when the server wants one.
 * @example
 * html`<${ControlPanel} config=${config} />`
 */
export function ControlPanel(props: { config: PageConfig }): VNode {
  const { config } = props
  const admin = useAdminAccess(config)
  // @note Every action bumps the revision, so each part reads again at once
  // instead of waiting for its next poll.
  const [revision, setRevision] = useState(0)
  const refresh = useCallback(() => setRevision((value) => value + 1), [])

  const scenarios = useAdminData<{ data: ListedScenario[] }>(
    admin,
    '/scenarios',
    POLL_INTERVAL_MS,
    [revision],
  )
  const keys =
    useAdminData<{ data: ApiKeyRecord[] }>(admin, '/api-keys', undefined, [
      revision,
    ]).data?.data ?? []
  const clock = useAdminData<{ now: string; speed?: number }>(
    admin,
    '/clock',
    POLL_INTERVAL_MS,
    [revision],
  )
  // @note One reading per answer, stamped with when it arrived, so the panel
  // ticks from there at the clock's speed.
  const clockReading = useMemo(() => {
    const body = clock.exchange?.body as
      { now?: unknown; speed?: unknown } | undefined
    const now = body?.now
    if (typeof now !== 'string') return undefined
    const speed = typeof body?.speed === 'number' ? body.speed : undefined
    return { now, speed, at: Date.now() }
  }, [clock.exchange])

  const status = scenarios.exchange?.status
  const unreachable =
    status !== undefined && status !== 401 && (status < 200 || status >= 300)

  return html`<div class="control-panel" data-locked=${!admin.unlocked}>
    <div class="control-intro">
      <h1>Control panel</h1>
      <p class="muted">
        Drives the mock through its control API at${' '}
        <code>${config.adminBase}</code>, as a test in any language would.
      </p>
    </div>
    <${AdminTokenForm} admin=${admin} />
    ${
      unreachable &&
      html`<div class="panel" role="alert">
        <h2>The control API did not answer</h2>
        <p>
          ${
            config.mode === 'browser'
              ? 'In this in-browser demo the control API only reads (the clock and the records): scenarios, moving the clock, the journal and loading fixtures need the server (npx content-api-mock).'
              : `GET ${config.adminBase}/scenarios answered ${scenarios.exchange?.status || 'nothing'}: the panel cannot show or change anything until it does. Is the mock still running?`
          }
        </p>
      </div>`
    }
    <div class="control-grid">
      <div class="control-column">
        <${ScenarioSection}
          admin=${admin}
          keys=${keys}
          scenarios=${scenarios.data?.data}
          onChange=${refresh}
        />
        <${VariantSection}
          admin=${admin}
          revision=${revision}
          onChange=${refresh}
        />
        <${ClockSection}
          admin=${admin}
          reading=${clockReading}
          onChange=${refresh}
        />
        <${RateLimitSection}
          scenarios=${scenarios.data?.data}
          locked=${!admin.unlocked}
        />
      </div>
      <div class="control-column">
        <${TryRequest} config=${config} keys=${keys} onSent=${refresh} />
        <${JournalSection} admin=${admin} keys=${keys} revision=${revision} />
        <section class="panel" aria-labelledby="data-title">
          <h2 id="data-title">Data</h2>
          <${FixtureTransfer} admin=${admin} onChange=${refresh} />
          <${RecordEditor}
            admin=${admin}
            revision=${revision}
            onChange=${refresh}
          />
        </section>
      </div>
    </div>
  </div>`
}
