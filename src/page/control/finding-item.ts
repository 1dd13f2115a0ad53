import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { ClientFinding } from '../../api/report/client-report.js'
import { StatusBadge } from '../exchange-view.js'
import type { JournalEntry } from './journal-entry-row.js'

/**
 * One finding of the client report: its severity, rule, key and count, its
 * sentence and source, then its journal entries, each a button that shows
 * it in the journal.
 * @note A type import of the library, erased by the bundler.
 */
export function FindingItem(props: {
  finding: ClientFinding
  onShowEntry: (entry: JournalEntry) => void
}): VNode {
  const { finding } = props
  const tone = finding.severity === 'error' ? 'badge-fail' : 'badge-warn'
  return html`<li class="finding" data-rule=${finding.rule}>
    <div class="finding-head">
      <span class=${`badge ${tone}`}>${finding.severity}</span>
      <code class="finding-rule">${finding.rule}</code>
      <span class="finding-count">×${finding.count}</span>
      ${
        finding.keyLabel !== undefined &&
        html`<span class="muted">${finding.keyLabel}</span>`
      }
    </div>
    <p class="finding-message">${finding.message}</p>
    <p class="finding-source muted">Rests on ${finding.source}.</p>
    <ul class="finding-entries" aria-label=${`Entries of ${finding.rule}`}>
      ${finding.entries.map(
        (entry) =>
          html`<li key=${entry.id}>
            <button
              type="button"
              class="link-button"
              aria-label=${`Show #${entry.id} in the journal`}
              onClick=${() => props.onShowEntry(entry)}
            >
              #${entry.id}
            </button>
            <${StatusBadge} status=${entry.status} none="dropped" />
            <code class="finding-request">${entry.method} ${entry.path}</code>
          </li>`,
      )}
    </ul>
  </li>`
}
