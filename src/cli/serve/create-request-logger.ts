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
  now: () => Date = () => new Date(),
): ((entry: RequestLogEntry) => void) | undefined {
  if (format === 'off') return undefined
  if (format === 'json') {
    return (entry) => {
      write(
        `${JSON.stringify({
          time: now().toISOString(),
          method: entry.method,
          path: entry.path,
          status: entry.status,
          durationMs: Math.round(entry.durationMs * 1000) / 1000,
          keyLabel: entry.keyLabel,
          endpoint: entry.endpoint,
          variants: entry.variants,
          proxied: entry.proxied,
        })}\n`,
      )
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
