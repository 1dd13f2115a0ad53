import { answerUserError } from './answer-user-error.js'
import { writeFile } from 'node:fs/promises'
import { createVerifyReport } from '../contract/create-verify-report.js'
import { CliError } from './cli-error.js'
import type { CliLog } from './create-cli-log.js'
import type { CliIo } from './create-process-io.js'
import { parseVerifyArguments } from './parse-verify-arguments.js'

/** The exit code of `verify` when the service drifts from the mock. */
export const DRIFT_EXIT_CODE = 1

/**
 * Runs `content-api-mock verify`: parses its arguments, asks the service
 * (`collectVerifyAnswers`), checks the answers (`createVerifyReport`) and
 * prints the table or the JSON report. Resolves with the exit code: 0 when
 * every answer matches the mock's strict schema (or after `--help`), 1 on
 * drift, 2 for a bad flag, an unreachable target or a refused key, with
 * one line saying what and how to fix it.
 * @throws whatever is not the user's to fix, i.e. a bug.
 * @example
 * process.exitCode = await runVerify(['--target', url, '--api-key', key], io, '1.0.0', log)
 */
export async function runVerify(
  args: readonly string[],
  io: CliIo,
  version: string,
  log: CliLog,
): Promise<number> {
  try {
    const parsed = parseVerifyArguments(
      args,
      (text) => io.stdout.write(text),
      version,
      io.env,
    )
    if (parsed.action === 'exit') return parsed.exitCode
    const { options } = parsed
    const { collectVerifyAnswers } = await import('./collect-verify-answers.js')
    const { answers, sampled } = await collectVerifyAnswers(options)
    const report = createVerifyReport(answers)
    const exitCode = report.strict ? 0 : DRIFT_EXIT_CODE
    if (options.report === 'json') {
      // @note With --report-file, stdout still gets the table, for the CI log.
      const json = `${JSON.stringify({ target: options.target, exitCode, sampled, ...report }, null, 2)}\n`
      if (options.reportFile === undefined) io.stdout.write(json)
      else {
        try {
          await writeFile(options.reportFile, json)
        } catch (error) {
          throw new CliError(
            `Cannot write the report to ${options.reportFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Give --report-file a path in a folder that exists and that you may write to.`,
          )
        }
      }
    }
    if (options.report === 'table' || options.reportFile !== undefined) {
      const { formatVerifyTable } = await import('./format-verify-table.js')
      io.stdout.write(formatVerifyTable(report, options.target, sampled))
    }
    return exitCode
  } catch (error) {
    return answerUserError(error, log)
  }
}
