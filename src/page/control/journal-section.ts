import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import { ActionResult } from './action-result.js'
import { JOURNAL_ENDPOINTS, type ApiKeyRecord } from './endpoint-names.js'
import { JournalEntryRow, type JournalEntry } from './journal-entry-row.js'
import type { AdminAccess } from './use-admin-access.js'
import { useAdminData } from './use-admin-data.js'
import { POLL_INTERVAL_MS } from './use-polling.js'

/** How many entries the panel draws, newest first. */
export const JOURNAL_ROWS_SHOWN = 100

/**
 * The request journal (`GET /__mock/requests`), read again every
 * {@link POLL_INTERVAL_MS} while "live" is on, newest first, filtered by
 * endpoint, key and status on the server (a bad filter shows the server's
 * 400), each entry expandable; "Clear" empties it (`DELETE`). An entry the
 * client report points at (`focus`) is shown among the requests of its key
 * to its path, open; "Show every request" goes back (`onClearFocus`).
 * @example
 * html`<${JournalSection} admin=${admin} keys=${keys} revision=${revision} />`
 */
export function JournalSection(props: {
  admin: AdminAccess
  keys: ApiKeyRecord[]
  revision: number
  focus?: JournalEntry | undefined
  onClearFocus?: () => void
  /** Called once the journal was cleared, for what reads it too. */
  onCleared?: () => void
}): VNode {
  const { admin, focus } = props
  const [endpoint, setEndpoint] = useState('')
  const [key, setKey] = useState('')
  const [status, setStatus] = useState('')
  const [live, setLive] = useState(true)
  const [cleared, setCleared] = useState<ApiExchange>()
  const [clears, setClears] = useState(0)
  useEffect(() => {
    if (focus === undefined) return
    setEndpoint('')
    setKey('')
    setStatus('')
  }, [focus])

  const query = new URLSearchParams()
  if (endpoint !== '') query.set('endpoint', endpoint)
  if (key !== '') query.set('key', key)
  if (status.trim() !== '') query.set('status', status.trim())
  if (focus !== undefined) {
    query.set('path', focus.path)
    if (focus.keyLabel !== undefined) query.set('keyLabel', focus.keyLabel)
  }
  const search = query.size === 0 ? '' : `?${query}`
  const journal = useAdminData<{
    data: JournalEntry[]
    meta: { total: number; capacity: number }
  }>(admin, `/requests${search}`, live ? POLL_INTERVAL_MS : undefined, [
    props.revision,
    clears,
  ])
  const failed =
    journal.exchange !== undefined &&
    (journal.exchange.status < 200 || journal.exchange.status >= 300)
  const entries = failed ? [] : (journal.data?.data ?? [])
  const newestFirst = entries.slice(-JOURNAL_ROWS_SHOWN).reverse()
  const disabled = !admin.unlocked

  const clear = async () => {
    setCleared(await admin.call('/requests', { method: 'DELETE' }))
    setClears((count) => count + 1)
    props.onCleared?.()
  }
  const onValue = (set: (value: string) => void) => (event: Event) =>
    set((event.target as HTMLInputElement | HTMLSelectElement).value)

  return html`<section class="panel journal" aria-labelledby="journal-title">
    <div class="block-head">
      <h2 id="journal-title">Request journal</h2>
      <label class="inline-check"
        ><input
          type="checkbox"
          checked=${live}
          disabled=${disabled}
          onChange=${(event: Event) =>
            setLive((event.target as HTMLInputElement).checked)}
        />
        Live (every ${POLL_INTERVAL_MS / 1000} s)</label
      >
    </div>
    <p class="muted">
      Every API and asset request the mock answered (never the control API's
      own), newest first.
    </p>
    <div class="form-row">
      <label
        >Endpoint
        <select
          value=${endpoint}
          disabled=${disabled}
          onChange=${onValue(setEndpoint)}
        >
          <option value="">any</option>
          ${JOURNAL_ENDPOINTS.map(
            (name) => html`<option value=${name}>${name}</option>`,
          )}
        </select></label
      >
      <label
        >Key
        <select value=${key} disabled=${disabled} onChange=${onValue(setKey)}>
          <option value="">any</option>
          ${props.keys.map(
            (record) =>
              html`<option value=${record.key}>${record.key}</option>`,
          )}
        </select></label
      >
      <label
        >Status
        <input
          type="text"
          inputmode="numeric"
          size="5"
          placeholder="429"
          value=${status}
          disabled=${disabled}
          onInput=${onValue(setStatus)}
      /></label>
      <button
        type="button"
        class="button-small"
        disabled=${disabled}
        onClick=${clear}
      >
        Clear journal
      </button>
    </div>
    ${
      focus !== undefined &&
      html`<p class="journal-focus">
        <span
          >${describeFocus(focus)}<code>${focus.path}</code>${`, #${focus.id} open.`}</span
        >
        <button
          type="button"
          class="button-small"
          onClick=${() => props.onClearFocus?.()}
        >
          Show every request
        </button>
      </p>`
    }
    ${
      cleared !== undefined &&
      cleared.status !== 204 &&
      html`<${ActionResult} exchange=${cleared} success="" />`
    }
    ${failed && html`<${ActionResult} exchange=${journal.exchange} success="" />`}
    ${
      journal.data === undefined && !failed
        ? html`<p class="muted">${disabled ? 'Locked.' : 'Loading…'}</p>`
        : html`<p class="muted" aria-live="polite" data-testid="journal-count">
              ${
                entries.length === 0
                  ? 'No request matches.'
                  : entries.length > JOURNAL_ROWS_SHOWN
                    ? `The latest ${JOURNAL_ROWS_SHOWN} of ${entries.length} requests (the journal keeps ${journal.data?.meta.capacity}).`
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
  </section>`
}

/** The words before the path of the entry the client report points at. */
function describeFocus(focus: JournalEntry): string {
  return focus.keyLabel === undefined
    ? 'The requests without a key to '
    : `The requests of ${focus.keyLabel} to `
}
