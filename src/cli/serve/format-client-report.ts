import type { ClientReport } from '../../api/report/client-report.js'
import { plural } from '../../api/report/finding-words.js'
import type { Styles } from '../output/create-styles.js'

/**
 * The client report as the CLI prints it when the server stops: a line
 * with the counts, then one line per finding (severity, rule, count and its
 * sentence); `[]` when the journal holds no request.
 */
export function formatClientReport(
  report: ClientReport,
  styles: Styles,
): string[] {
  if (report.requests === 0) return []
  const { findings } = report
  const over = `client report of the ${plural(report.requests, 'request')} in the journal`
  if (findings.length === 0) {
    return [
      `${over}: ${styles.good('no findings')}, the client broke none of its rules`,
    ]
  }
  const errors = findings.filter((finding) => finding.severity === 'error')
  const counts = [
    errors.length > 0 && styles.bad(plural(errors.length, 'error')),
    errors.length < findings.length &&
      styles.warn(plural(findings.length - errors.length, 'warning')),
  ].filter((part) => part !== false)
  return [
    `${over}: ${counts.join(', ')} (entries: GET /__mock/client-report before stopping; rules: docs/client-report.md; --no-client-report leaves this out)`,
    ...findings.map((finding) => {
      const severity =
        finding.severity === 'error'
          ? styles.bad('error  ')
          : styles.warn('warning')
      return `  ${severity} ${styles.bold(finding.rule)} ×${finding.count}: ${finding.message}`
    }),
  ]
}
