import { answerUserError } from './answer-user-error.js'
import { FixtureError } from '../data/fixture-error.js'
import { OptionsError } from '../schema/options-error.js'
import type { CliLog } from './create-cli-log.js'
import type { CliIo } from './create-process-io.js'
import { parseBuildDemoArguments } from './parse-build-demo-arguments.js'

/**
 * Runs `content-api-mock build-demo <dir>`: parses its arguments, writes the
 * folder and prints what it wrote and how to serve it. Resolves with the
 * exit code: 0 when written (or after `--help`), 2 for a mistake of the
 * user's, with one line saying what and how to fix it.
 * @throws whatever is not the user's to fix, i.e. a bug.
 * @example
 * process.exitCode = await runBuildDemo(['public/demo', '--live'], io, '1.0.0', log)
 */
export async function runBuildDemo(
  args: readonly string[],
  io: CliIo,
  version: string,
  log: CliLog,
): Promise<number> {
  try {
    const parsed = parseBuildDemoArguments(
      args,
      (text) => io.stdout.write(text),
      version,
    )
    if (parsed.action === 'exit') return parsed.exitCode
    // @note Loaded only now, so --help and a bad flag answer at once.
    const { buildDemo } = await import('./build-demo.js')
    const built = await buildDemo(parsed.options)
    io.stdout.write(
      [
        `Wrote the demo to ${built.directory} (${built.files} files, ${formatSize(built.bytes)}).`,
        `  Data   ${built.data}`,
        `  Media  ${built.media}`,
        `  Serve  the folder with any static file server, over https:// or on localhost`,
        `         (Service Workers need a secure context); open the folder's URL.`,
        `  API    <the folder's URL>public-api/v1, answered inside the browser`,
        '',
      ].join('\n'),
    )
    return 0
  } catch (error) {
    return answerUserError(error, log, [FixtureError, OptionsError])
  }
}

function formatSize(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.round(bytes / 1000)} kB`
}
