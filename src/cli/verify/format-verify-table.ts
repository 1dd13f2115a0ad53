import type { VerifyReport } from '../../contract/create-verify-report.js'

/**
 * The short human table of `verify`: what was checked, one row per kind of
 * drift (how often, the variant, the first place), then the fix lines.
 */
export function formatVerifyTable(
  report: VerifyReport,
  target: string,
  sampled: { projects: number; contents: number },
): string {
  const total = report.answers.length
  const count = (key: 'strict' | 'tolerant') =>
    report.answers.filter((answer) => answer[key]).length
  const lines = [
    `Verified ${target}: ${total} answers (${sampled.projects} projects, ${sampled.contents} contents sampled).`,
    `Strict schema: ${count('strict')} of ${total} answers match. Tolerant schema: ${count('tolerant')} of ${total}.`,
  ]
  if (report.drift.length === 0) {
    lines.push('No drift: the service answers as the mock does by default.')
    return `${lines.join('\n')}\n`
  }
  const rows = [
    ['drift', 'seen', 'variant', 'first seen'],
    ...report.drift.map((drift) => {
      const example = drift.examples[0]
      const where =
        example === undefined
          ? ''
          : `${example.request}${example.at === undefined ? '' : ` ${example.at}`}: ${example.detail}`
      return [drift.kind, String(drift.count), drift.variant ?? '-', where]
    }),
  ]
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => row[column]!.length)),
  )
  const table = rows.map((row) =>
    row
      .map((cell, column) =>
        column === 1
          ? cell.padStart(widths[1]!)
          : column < 3
            ? cell.padEnd(widths[column]!)
            : truncate(cell, 70),
      )
      .join('  ')
      .trimEnd(),
  )
  const fixes = report.drift.map((drift) => `  ${drift.fix}`)
  return `${[...lines, '', ...table, '', 'Fix:', ...fixes].join('\n')}\n`
}

function truncate(text: string, length: number): string {
  const characters = Array.from(text)
  return characters.length > length
    ? `${characters.slice(0, length - 1).join('')}…`
    : text
}
