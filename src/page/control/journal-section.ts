import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import { isSuccess } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { JOURNAL_ENDPOINTS } from './endpoint-names.js'
import { JournalEntryRow, type JournalEntry } from './journal-entry-row.js'
import { NameSelect } from './name-select.js'
import type { PanelPart } from './use-admin-access.js'
import { useAdminAction } from './use-admin-action.js'
import { POLL_INTERVAL_MS, useAdminData } from './use-admin-data.js'
import {
  useJournalFilters,
  type JournalFilters,
} from './use-journal-filters.js'
import { toValue, toChecked } from '../field-value.js'

const JOURNAL_ROWS_SHOWN = 100

/**
 * The request journal, filtered on the server (a bad filter shows its 400).
 * An entry the client report points at (`focus`) is shown among the
 * requests of its key to its path, open.
 */
export function JournalSection(
  props: PanelPart & {
    keys: string[]
    focus: JournalEntry | undefined
    onClearFocus: () => void
  },
): VNode {
  const { admin, focus } = props
  const filters = useJournalFilters(focus)
  const [live, setLive] = useState(true)
  const journal = useAdminData<{
    data: JournalEntry[]
    meta: { total: number; capacity: number }
  }>(props, `/requests${filters.search}`, live ? POLL_INTERVAL_MS : undefined)
  const failed = journal.exchange !== undefined && !isSuccess(journal.exchange)
  const disabled = !admin.unlocked
  const clearing = useAdminAction(props)
  const clear = () => clearing.run('/requests', { method: 'DELETE' })

  return html`<section class="panel journal" aria-labelledby="journal-title">
    <div class="block-head">
      <h2 id="journal-title">Request journal</h2>
      <label class="inline-check"
        ><input
          type="checkbox"
          checked=${live}
          disabled=${disabled}
          onChange=${toChecked(setLive)}
        />
        Live (every ${POLL_INTERVAL_MS / 1000} s)</label
      >
    </div>
    <p class="muted">
      Every API and asset request the mock answered (never the control API's
      own), newest first.
    </p>
    <${FilterRow}
      filters=${filters}
      keys=${props.keys}
      disabled=${disabled}
      onClear=${clear}
    />
    ${
      focus !== undefined &&
      html`<${FocusLine} focus=${focus} onClear=${props.onClearFocus} />`
    }
    <${ActionResult} exchange=${clearing.result} />
    <${ActionResult} exchange=${journal.exchange} />
    ${
      journal.data === undefined && !failed
        ? html`<p class="muted">${disabled ? 'Locked.' : 'Loading…'}</p>`
        : html`<${EntryList}
            entries=${failed ? [] : (journal.data?.data ?? [])}
            capacity=${journal.data?.meta.capacity}
            focus=${focus}
          />`
    }
  </section>`
}

function FilterRow(props: {
  filters: JournalFilters
  keys: string[]
  disabled: boolean
  onClear: () => void
}): VNode {
  const { filters, disabled } = props
  return html`<div class="form-row">
    <${NameSelect}
      label="Endpoint"
      any="any"
      names=${JOURNAL_ENDPOINTS}
      value=${filters.endpoint}
      disabled=${disabled}
      onChange=${filters.setEndpoint}
    />
    <${NameSelect}
      label="Key"
      any="any"
      names=${props.keys}
      value=${filters.key}
      disabled=${disabled}
      onChange=${filters.setKey}
    />
    <label
      >Status
      <input
        type="text"
        inputmode="numeric"
        size="5"
        placeholder="429"
        value=${filters.status}
        disabled=${disabled}
        onInput=${toValue(filters.setStatus)}
    /></label>
    <button
      type="button"
      class="button-small"
      disabled=${disabled}
      onClick=${props.onClear}
    >
      Clear journal
    </button>
  </div>`
}

function FocusLine(props: { focus: JournalEntry; onClear: () => void }): VNode {
  const { focus } = props
  const whose =
    focus.keyLabel === undefined
      ? 'The requests without a key to '
      : `The requests of ${focus.keyLabel} to `
  return html`<p class="journal-focus">
    <span>${whose}<code>${focus.path}</code>${`, #${focus.id} open.`}</span>
    <button type="button" class="button-small" onClick=${props.onClear}>
      Show every request
    </button>
  </p>`
}

function EntryList(props: {
  entries: JournalEntry[]
  capacity: number | undefined
  focus: JournalEntry | undefined
}): VNode {
  const { entries, focus } = props
  const newestFirst = entries.slice(-JOURNAL_ROWS_SHOWN).reverse()
  return html`<p class="muted" aria-live="polite" data-testid="journal-count">
      ${
        entries.length === 0
          ? 'No request matches.'
          : entries.length > JOURNAL_ROWS_SHOWN
            ? `The latest ${JOURNAL_ROWS_SHOWN} of ${entries.length} requests (the journal keeps ${props.capacity}).`
            : `${entries.length} request${entries.length === 1 ? '' : 's'}.`
      }
    </p>
    <ol class="journal-list" aria-label="Requests, newest first">
      ${newestFirst.map(
        (entry) =>
          html`<${JournalEntryRow}
            key=${`${entry.id}-${entry.time}`}
            entry=${entry}
            focused=${focus !== undefined && entry.id === focus.id}
          />`,
      )}
    </ol>`
}
