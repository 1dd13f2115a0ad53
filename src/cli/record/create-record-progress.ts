import { plural } from '../../api/report/finding-words.js'
import type { OutputStream } from '../output/create-process-io.js'
import type { RecordProgress } from './record-service.js'

const BAR_WIDTH = 24
// @note At most one bar redraw per 100 ms: a fast service answers hundreds
// of requests a second, and a terminal need not redraw for each.
const REDRAW_MS = 100

/**
 * How `record` shows its progress while it runs: on a terminal, one bar
 * redrawn in place (`[######      ] 120/400 requests, 3 failed`), which
 * `finish` clears before the summary is printed; otherwise (a pipe, a CI
 * log) plain lines: each project done, each retry.
 */
export function createRecordProgress(stream: OutputStream, target: string) {
  const short = (url: string) =>
    url.startsWith(target) ? url.slice(target.length) : url
  if (stream.isTTY !== true) {
    return {
      onProgress: () => {},
      onRetry: (retry: { url: string; attempt: number; reason: string }) =>
        stream.write(
          `retry: GET ${short(retry.url)} (${retry.reason}), attempt ${retry.attempt}\n`,
        ),
      onProjectDone: ({ id, contents }: { id: string; contents: number }) =>
        stream.write(
          `recorded project ${id}: ${plural(contents, 'content')}\n`,
        ),
      finish: () => {},
    }
  }
  let last = 0
  let shown = false
  return {
    onProgress({ done, planned, failed }: RecordProgress) {
      const now = Date.now()
      if (now - last < REDRAW_MS && done < planned) return
      last = now
      const filled = Math.round((done / Math.max(planned, 1)) * BAR_WIDTH)
      const bar = `${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}`
      const failures = failed === 0 ? '' : `, ${failed} failed`
      stream.write(`\r[${bar}] ${done}/${planned} requests${failures}\u001b[K`)
      shown = true
    },
    onRetry: () => {},
    onProjectDone: () => {},
    finish() {
      if (shown) stream.write('\r\u001b[K')
    },
  }
}
