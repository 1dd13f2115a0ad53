import { useEffect, useState } from 'preact/hooks'
import type { JournalEntry } from './journal-entry-row.js'

export type JournalFilters = ReturnType<typeof useJournalFilters>

/**
 * The filters the server applies to the journal; an entry the client report
 * points at (`focus`) clears them and narrows to its key and path instead.
 */
export function useJournalFilters(focus: JournalEntry | undefined) {
  const [endpoint, setEndpoint] = useState('')
  const [key, setKey] = useState('')
  const [status, setStatus] = useState('')
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
  // `?endpoint=…&key=…&status=…`, or '' when nothing filters.
  const search = query.size === 0 ? '' : `?${query}`
  return { endpoint, key, status, setEndpoint, setKey, setStatus, search }
}
