import type { RequestLogEntry } from '../../server/create-content-api-server.js'
import type { Styles } from '../output/create-styles.js'
import type { ServeOptions } from './serve-option-table.js'

/**
 * The server's `onRequest` for a log format: `pretty` writes
 * `GET /public-api/v1/projects 200 1.2ms acct_alpha#1`, `json` one JSON
 * object per line with an ISO `time`. Keys appear only by their label.
 */
export function createRequestLogger(
  format: ServeOptions['log'],
  write: (text: string) => void,
  styles?: Styles,
): ((entry: RequestLogEntry) => void) | undefined {
  if (format === 'off') return undefined
  if (format === 'json') {
    // The entry's fields in their order, after the time: it holds no key.
    return (entry) => {
      const durationMs = Math.round(entry.durationMs * 1000) / 1000
      const line = { time: new Date().toISOString(), ...entry, durationMs }
      write(`${JSON.stringify(line)}\n`)
    }
  }
  return (entry) => {
    const parts = [
      entry.method,
      entry.path,
      colorStatus(entry.status, styles),
      `${entry.durationMs.toFixed(1)}ms`,
    ]
    if (entry.keyLabel !== undefined) parts.push(entry.keyLabel)
    if (entry.variants !== undefined) {
      parts.push(`variants=${entry.variants.join(',')}`)
    }
    if (entry.proxied !== undefined) parts.push(`proxied=${entry.proxied}`)
    write(`${parts.join(' ')}\n`)
  }
}

function colorStatus(status: number, styles: Styles | undefined): string {
  const text = String(status)
  if (styles === undefined) return text
  if (status >= 500) return styles.bad(text)
  if (status >= 400) return styles.warn(text)
  return styles.good(text)
}
