import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { isSuccess } from '../api-client.js'
import type { ClientReport } from '../../api/report/client-report.js'
import { ActionResult } from './action-result.js'
import { FindingItem } from './finding-item.js'
import type { JournalEntry } from './journal-entry-row.js'
import type { PanelPart } from './use-admin-access.js'
import { POLL_INTERVAL_MS, useAdminData } from './use-admin-data.js'

// `ClientReport` is a type import of the library, erased by the bundler.
export function ClientReportSection(
  props: PanelPart & { onShowEntry: (entry: JournalEntry) => void },
): VNode {
  const { admin } = props
  const report = useAdminData<{ data: ClientReport }>(
    props,
    '/client-report',
    POLL_INTERVAL_MS,
  )
  const failed = report.exchange !== undefined && !isSuccess(report.exchange)
  const data = report.data?.data
  return html`<section
    class="panel client-report"
    aria-labelledby="report-title"
  >
    <h2 id="report-title">Client report</h2>
    <p class="muted">
      Which rules of the spec and of good conduct your client broke, from the
      journal. Each rule, its why and its fix:${' '}
      <code>docs/client-report.md</code> in the package.
    </p>
    <${ActionResult} exchange=${report.exchange} />
    ${
      data === undefined
        ? !failed &&
          html`<p class="muted">${admin.unlocked ? 'Loading…' : 'Locked.'}</p>`
        : html`<p class="muted" aria-live="polite" data-testid="report-summary">
              ${describeReport(data)}
            </p>
            <ol class="finding-list" aria-label="Findings, errors first">
              ${data.findings.map(
                (finding) =>
                  html`<${FindingItem}
                    key=${`${finding.rule} ${finding.keyLabel ?? ''}`}
                    finding=${finding}
                    onShowEntry=${props.onShowEntry}
                  />`,
              )}
            </ol>`
    }
  </section>`
}

function describeReport(report: ClientReport): string {
  const over = `${report.requests} request${report.requests === 1 ? '' : 's'} in the journal`
  if (report.requests === 0) return 'No request yet: the journal is empty.'
  const errors = report.findings.filter(
    (finding) => finding.severity === 'error',
  ).length
  const warnings = report.findings.length - errors
  if (report.findings.length === 0) {
    return `No finding in the ${over}: the client broke none of the rules.`
  }
  const counts = [
    errors > 0 && `${errors} error${errors === 1 ? '' : 's'}`,
    warnings > 0 && `${warnings} warning${warnings === 1 ? '' : 's'}`,
  ].filter((part) => part !== false)
  return `${counts.join(' and ')} in the ${over}.`
}
