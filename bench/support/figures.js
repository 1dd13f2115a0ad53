// The figures a bench script reports for the summary table that `npm run
// bench` prints at its end (bench/run-all.js): each script still prints its
// own detailed table; this adds one line per headline figure to the file
// named by BENCH_FIGURES, when set, as JSON lines.
//
//   reportFigure({ what: 'content detail, req/s vs bare node:http', value: 0.52,
//     baseline: 'bare node:http, same run', goal: '≥ 0.5', met: 0.52 >= 0.5 })
import { appendFileSync } from 'node:fs'

/**
 * Adds one figure to the summary: `what` is measured, `value` is shown as
 * given (format it), `baseline` says what it is compared with in the same
 * run, `goal` the target (may be empty), `met` whether the goal is met
 * (undefined when there is no goal).
 */
export function reportFigure({ what, value, baseline = '', goal = '', met }) {
  const file = process.env.BENCH_FIGURES
  if (file === undefined || file === '') return
  appendFileSync(
    file,
    `${JSON.stringify({ what, value: String(value), baseline, goal, met })}\n`,
  )
}
