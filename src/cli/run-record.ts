import { answerUserError } from './answer-user-error.js'
import { mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { CliError } from './cli-error.js'
import type { CliLog } from './create-cli-log.js'
import type { CliIo } from './create-process-io.js'
import { parseRecordArguments } from './parse-record-arguments.js'

/**
 * Runs `content-api-mock record`: parses its arguments, records the service
 * with a progress view on stderr, writes the fixture document at once (temp
 * file, then rename) and prints the summary. Resolves with the exit code: 0
 * when the file is written (what could not be fetched is listed), 2 for a
 * mistake of the user's or a service that cannot be read at all, with one
 * line saying what and how to fix it; nothing is written then.
 * @throws whatever is not the user's to fix, i.e. a bug.
 * @example
 * process.exitCode = await runRecord(['--target', url, '--out', 'rec.json'], io, '1.0.0', log)
 */
export async function runRecord(
  args: readonly string[],
  io: CliIo,
  version: string,
  log: CliLog,
): Promise<number> {
  try {
    const parsed = parseRecordArguments(
      args,
      (text) => io.stdout.write(text),
      version,
      io.env,
    )
    if (parsed.action === 'exit') return parsed.exitCode
    const options = parsed.options
    await checkOutput(options.out)
    if (options.mediaDir !== undefined) await prepareMediaDir(options.mediaDir)
    // @note Loaded only now, so --help and a bad flag answer at once.
    const [
      { recordService },
      { createRecordProgress },
      { formatRecordSummary },
      { writeFileAtomically },
      { anonymizeFixtureDocument },
      { RECORDED_DEMO_KEY },
    ] = await Promise.all([
      import('./recording/record-service.js'),
      import('./recording/create-record-progress.js'),
      import('./recording/format-record-summary.js'),
      import('./write-file-atomically.js'),
      import('../contract/anonymize-fixture-document.js'),
      import('../contract/recorded-account.js'),
    ])
    const view = createRecordProgress(io.stderr, options.target)
    let result
    try {
      result = await recordService({
        ...options,
        version,
        onProgress: view.progress,
        onRetry: view.retry,
        onProjectDone: view.projectDone,
      })
    } finally {
      view.finish()
    }
    const document = options.anonymize
      ? anonymizeFixtureDocument(result.document, options.seed)
      : result.document
    const json = `${JSON.stringify(document, null, 2)}\n`
    try {
      await writeFileAtomically(options.out, json)
    } catch (error) {
      throw new CliError(
        `Cannot write --out ${options.out}: ${(error as Error).message}. Nothing was written; pass a file you can write to and record again.`,
      )
    }
    io.stdout.write(
      formatRecordSummary(result, {
        target: options.target,
        out: options.out,
        bytes: Buffer.byteLength(json),
        anonymized: options.anonymize,
        ...(options.mediaDir === undefined
          ? {}
          : { mediaDir: options.mediaDir }),
        demoKey: RECORDED_DEMO_KEY,
      }),
    )
    return 0
  } catch (error) {
    return answerUserError(error, log)
  }
}

/** The file to write must be a file (or nothing yet) in a folder that exists. */
async function checkOutput(out: string): Promise<void> {
  const folder = dirname(resolve(out))
  const found = await stat(out).catch(() => undefined)
  if (found?.isDirectory()) {
    throw new CliError(
      `--out ${out} is a folder. Pass the path of the JSON file to write, such as ${out.replace(/\/+$/, '')}/recording.json.`,
    )
  }
  const parent = await stat(folder).catch(() => undefined)
  if (parent === undefined || !parent.isDirectory()) {
    throw new CliError(
      `Cannot write --out ${out}: the folder ${folder} does not exist. Create it first, or write the file elsewhere.`,
    )
  }
}

/** The media folder is created if missing; a file in its place is refused. */
async function prepareMediaDir(directory: string): Promise<void> {
  const found = await stat(directory).catch(() => undefined)
  if (found !== undefined && !found.isDirectory()) {
    throw new CliError(
      `--media-dir ${directory} is a file. Pass a folder to save thumbnails and videos into (it is created if missing).`,
    )
  }
  try {
    await mkdir(directory, { recursive: true })
  } catch (error) {
    throw new CliError(
      `Cannot create --media-dir ${directory}: ${(error as Error).message}. Pass a folder you can write to.`,
    )
  }
}
