import {
  RECORDING_FINDING_KINDS,
  type RecordingFinding,
} from '../../contract/recording-finding.js'
import { RECORDED_DEMO_KEY } from '../../contract/recorded-account.js'
import { plural } from '../../api/report/finding-words.js'
import type { RecordResult } from './record-service.js'

/** The flags of `record` the summary names. */
interface RecordSummaryInput {
  target: string
  out: string
  anonymize?: boolean
  mediaDir?: string
}

const MAX_LISTED = 10

/**
 * The summary `record` prints at the end: counts, what could not be
 * fetched, what the service sent off the spec (grouped, most frequent
 * first), and how to serve the file of `bytes` written.
 */
export function formatRecordSummary(
  result: RecordResult,
  input: RecordSummaryInput,
  bytes: number,
): string {
  const { document, failures, stats, media, findings } = result
  const counts = [
    plural(document.projects.length, 'project'),
    plural(document.contents.length, 'content'),
    ...(input.mediaDir === undefined
      ? []
      : [plural(media.length, 'media file')]),
  ]
  const lines = [
    `Recorded ${input.target} into ${input.out} (${counts.join(', ')}; ${formatBytes(bytes)})${input.anonymize ? ', anonymized' : ''}.`,
    `  Requests    ${stats.requests} sent, ${plural(stats.retries, 'retry', 'retries')}, ${stats.rateLimited} answered 429`,
  ]
  if (failures.length === 0) {
    lines.push('  Not fetched none')
  } else {
    lines.push(`  Not fetched ${failures.length} (left out of the file):`)
    for (const failure of failures.slice(0, MAX_LISTED)) {
      const url = failure.url.startsWith(input.target)
        ? failure.url.slice(input.target.length)
        : failure.url
      lines.push(
        `    GET ${url}: ${failure.reason} after ${plural(failure.attempts, 'attempt')}`,
      )
    }
    if (failures.length > MAX_LISTED) {
      lines.push(`    … and ${failures.length - MAX_LISTED} more`)
    }
  }
  const unserved = media.filter((file) => !file.served)
  if (unserved.length > 0) {
    lines.push(
      `  Media       ${plural(unserved.length, 'file')} of a type --media-dir does not serve (only .jpg, .jpeg, .mp4), e.g. ${unserved[0]!.name}`,
    )
  }
  const groups = groupFindings(findings)
  if (groups.length === 0) {
    lines.push('  Off spec    nothing: every answer matched the spec')
  } else {
    lines.push('  Off spec    kept in the file (extra, absent) unless said:')
    for (const { kind, count, details } of groups) {
      const shown = details.slice(0, MAX_LISTED).join(', ')
      const more = details.length > MAX_LISTED ? ', …' : ''
      lines.push(
        `    ${kind} ×${count}${shown === '' ? '' : ` (${shown}${more})`}`,
      )
    }
  }
  const serveMedia =
    input.mediaDir === undefined ? '' : ` --media-dir ${input.mediaDir}`
  lines.push(
    `  Serve it    content-api-mock --fixtures ${input.out}${serveMedia}  (API key: ${RECORDED_DEMO_KEY})`,
    '',
  )
  return lines.join('\n')
}

/**
 * Findings counted by kind, in the order of `RECORDING_FINDING_KINDS`, each
 * with the fields (or, for modes and statuses, the values) it was about,
 * most frequent first.
 */
function groupFindings(
  findings: readonly RecordingFinding[],
): Array<{ kind: string; count: number; details: string[] }> {
  return RECORDING_FINDING_KINDS.flatMap((kind) => {
    const ofKind = findings.filter((finding) => finding.kind === kind)
    if (ofKind.length === 0) return []
    const details = new Map<string, number>()
    for (const finding of ofKind) {
      const detail =
        kind === 'other-mode' || kind === 'other-status'
          ? JSON.stringify(finding.value)
          : (finding.field ?? '')
      details.set(detail, (details.get(detail) ?? 0) + 1)
    }
    return {
      kind,
      count: ofKind.length,
      details: [...details]
        .filter(([detail]) => detail !== '')
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([detail]) => detail),
    }
  })
}

function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`
  if (bytes >= 1_000) return `${(bytes / 1_000).toFixed(1)} kB`
  return `${bytes} B`
}
