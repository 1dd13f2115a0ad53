import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { FieldList } from '../field-list.js'
import { StatusBadge } from '../exchange-view.js'
import type { JournalEntry } from '../../api/traffic/create-request-journal.js'

// A type import of the library, erased by the bundler.
export type { JournalEntry }

/** A summary line that opens on every field; a `focused` one is open. */
export function JournalEntryRow(props: {
  entry: JournalEntry
  focused?: boolean
}): VNode {
  const { entry, focused = false } = props
  const summary = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!focused) return
    summary.current?.scrollIntoView({ block: 'center' })
    summary.current?.focus()
  }, [focused])
  return html`<li
    class=${`journal-entry${focused ? ' journal-entry-focused' : ''}`}
    id=${`journal-entry-${entry.id}`}
  >
    <details open=${focused || undefined}>
      <summary ref=${summary}>
        <${StatusBadge} status=${entry.status} none="dropped" />
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
