import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useCallback, useState } from 'preact/hooks'
import { isSuccess, type ApiExchange } from '../api-client.js'
import type { PageConfig } from '../page-config.js'
import { AdminTokenForm } from './admin-token-form.js'
import { ClientReportSection } from './client-report-section.js'
import { ClockSection } from './clock-section.js'
import type { ListedScenario } from './describe-scenario.js'
import { FixtureTransfer } from './fixture-transfer.js'
import { JournalSection } from './journal-section.js'
import type { JournalEntry } from './journal-entry-row.js'
import { RateLimitSection } from './rate-limit-section.js'
import { RecordEditor } from './record-editor.js'
import { ScenarioSection } from './scenario-section.js'
import { ServerOnlySection } from './server-only-section.js'
import { TryRequest } from './try-request.js'
import { VariantSection } from './variant-section.js'
import {
  useAdminAccess,
  type AdminAccess,
  type PanelPart,
} from './use-admin-access.js'
import { POLL_INTERVAL_MS, useAdminData } from './use-admin-data.js'

// Over the control API like any client of it; read-only until the admin token
// is entered when the server wants one.
export function ControlPanel(props: {
  config: PageConfig
  route: string
}): VNode {
  const { config } = props
  const admin = useAdminAccess(config)
  // Every action bumps the revision: each part reads again without its poll.
  const [revision, setRevision] = useState(0)
  const refresh = useCallback(() => setRevision((value) => value + 1), [])
  const part = { admin, revision, onChange: refresh }
  const scenarios = useAdminData<{ data: ListedScenario[] }>(
    part,
    '/scenarios',
    POLL_INTERVAL_MS,
  )
  const keys = (
    useAdminData<{ data: { key: string }[] }>(part, '/api-keys').data?.data ??
    []
  ).map((record) => record.key)

  return html`<div class="control-panel" data-locked=${!admin.unlocked}>
    <div class="control-intro">
      <h1>Control panel</h1>
      <p class="muted">
        Drives the mock through its control API at${' '}
        <code>${config.adminBase}</code>, as a test in any language would.
      </p>
    </div>
    <${AdminTokenForm} admin=${admin} />
    <${PanelNotices} ...${part} config=${config} answer=${scenarios.exchange} />
    <div class="control-grid">
      <div class="control-column">
        <${RecordEditor} ...${part} route=${props.route} />
        <${ClockSection} ...${part} />
        <${RateLimitSection}
          scenarios=${scenarios.data?.data}
          locked=${!admin.unlocked}
        />
      </div>
      <div class="control-column">
        <${ScenarioSection}
          ...${part}
          keys=${keys}
          scenarios=${scenarios.data?.data}
        />
        ${
          !admin.readOnly
            ? html`<${FixtureTransfer} ...${part} />`
            : html`<${ServerOnlySection}
                id="dataset"
                title="The whole dataset"
                what="Downloading, uploading and resetting the data need"
              />`
        }
      </div>
      <div class="control-column control-column-wide">
        <${TryRequest} config=${config} keys=${keys} onSent=${refresh} />
        <${ReportAndJournal} ...${part} keys=${keys} />
      </div>
    </div>
    <div class="control-wide">
      ${
        !admin.readOnly
          ? html`<${VariantSection} ...${part} />`
          : html`<${ServerOnlySection}
              id="variants"
              title="Variants"
              what="Variants need"
            />`
      }
    </div>
  </div>`
}

function PanelNotices(props: {
  admin: AdminAccess
  config: PageConfig
  /** The answer of `GET /__mock/scenarios`, which every poll asks. */
  answer: ApiExchange | undefined
}): VNode {
  const status = props.answer?.status
  const unreachable =
    !props.admin.readOnly &&
    props.answer !== undefined &&
    status !== 401 &&
    !isSuccess(props.answer)
  return html`${
    props.admin.readOnly &&
    html`<p class="panel server-only-intro">
      This demo runs in your browser: the panel shows the clock and the records,
      and tries requests. Scenarios, variants, moving the clock, the journal,
      editing and loading fixtures need the server (run${' '}
      <code>npx content-api-mock</code>).
    </p>`
  }
  ${
    unreachable &&
    html`<div class="panel" role="alert">
      <h2>The control API did not answer</h2>
      <p>
        GET ${props.config.adminBase}/scenarios answered${' '}
        ${status || 'nothing'}: the panel cannot show or change anything until
        it does. Is the mock still running?
      </p>
    </div>`
  }`
}

function ReportAndJournal(props: PanelPart & { keys: string[] }): VNode {
  const { admin } = props
  const [focus, setFocus] = useState<JournalEntry>()
  if (admin.readOnly)
    return html`<${ServerOnlySection}
        id="report"
        title="Client report"
        what="The client report needs"
      />
      <${ServerOnlySection}
        id="journal"
        title="Request journal"
        what="The request journal needs"
      />`
  return html`<${ClientReportSection} ...${props} onShowEntry=${setFocus} />
    <${JournalSection}
      ...${props}
      focus=${focus}
      onClearFocus=${() => setFocus(undefined)}
    />`
}
