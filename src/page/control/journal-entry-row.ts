import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { FieldList } from '../field-list.js'
import type { JournalEntry } from '../../api/traffic/create-request-journal.js'

/**
 * One entry of the request journal, as `GET /__mock/requests` lists it.
 * @note A type import of the library, erased by the bundler.
 */
export type { JournalEntry }

/**
 * One journal entry: a summary line (time, status, method and path, key,
 * duration) that expands to every field the journal keeps.
 * @example
 * html`<${JournalEntryRow} entry=${entry} />`
 */
export function JournalEntryRow(props: { entry: JournalEntry }): VNode {
  const { entry } = props
  const statusClass =
    entry.status >= 200 && entry.status < 400
      ? 'ok'
      : entry.status >= 400 && entry.status < 500
        ? 'client'
        : 'fail'
  return html`<li class="journal-entry">
    <details>
      <summary>
        <span class=${`status status-${statusClass}`}
          >${entry.status === 0 ? 'dropped' : entry.status}</span
        >
        <code class="journal-request">${requestLine(entry)}</code>
        <span class="journal-meta muted">${describeEntry(entry)}</span>
      </summary>
      <${FieldList} class="journal-fields" fields=${entry} />
    </details>
  </li>`
}

function requestLine(entry: JournalEntry): string {
  const query = entry.query === '' ? '' : `?${entry.query}`
  return `${entry.method} ${entry.path}${query}`
}

function describeEntry(entry: JournalEntry): string {
  const time = entry.time.slice(11, 19)
  const duration = `${Math.round(entry.durationMs)} ms`
  return [time, entry.keyLabel ?? 'no key', entry.endpoint, duration]
    .filter((part) => part !== undefined)
    .join(' · ')
}
