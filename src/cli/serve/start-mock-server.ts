import type { CliLog } from '../output/create-cli-log.js'
import type { CliIo } from '../output/create-process-io.js'
import { createStyles, shouldUseColor } from '../output/create-styles.js'
import { CliError } from '../cli-error.js'
import { readFixtureFile } from '../files/read-fixture-file.js'
import { createRequestLogger } from './create-request-logger.js'
import { describeHeapShortfall } from './describe-heap-shortfall.js'
import { describeStartError } from './describe-start-error.js'
import { loadHandlersFile } from './load-handlers-file.js'
import type { ServeOptions } from './serve-option-table.js'
import { toServerOptions } from './to-server-options.js'

export type StartedMockServer = Awaited<ReturnType<typeof startMockServer>>

/**
 * Reads the files the flags name, warns when the dataset looks too large for
 * the heap, and starts the server.
 * @throws {CliError} when a file, the host or the port is unusable; the
 * server's `FixtureError`, `OptionsError` and `FleetError` as they are.
 */
export async function startMockServer(
  options: ServeOptions,
  io: CliIo,
  log: CliLog,
) {
  const onRequest = createRequestLogger(
    options.log,
    (text) => io.stdout.write(text),
    createStyles(shouldUseColor(io.stdout, io.env)),
  )
  try {
    const inputs = await readServeInputs(options, log)
    const heapHint =
      inputs.fixtures === undefined && options.contents !== undefined
        ? describeHeapShortfall(options.contents)
        : undefined
    if (heapHint !== undefined) log.warn(heapHint)
    // Loaded only now, so --help and a bad flag answer without loading faker.
    const { createContentApiServer } =
      await import('../../server/create-content-api-server.js')
    const server = await createContentApiServer({
      ...toServerOptions(options, inputs),
      onWarning: (message) => log.warn(message),
      onRequest,
    })
    const handlerCount = inputs.handlers?.length ?? 0
    return { server, handlerCount, recorder: inputs.recorder }
  } catch (error) {
    const message = describeStartError(error, options)
    if (message === undefined) throw error
    throw new CliError(message)
  }
}

/** The files `serve`'s flags name, read. */
async function readServeInputs(options: ServeOptions, log: CliLog) {
  const fixtures =
    options.fixtures === undefined
      ? undefined
      : await readFixtureFile(options.fixtures)
  const handlers =
    options.handlers === undefined
      ? undefined
      : await loadHandlersFile(options.handlers)
  const recorder =
    options.record === undefined
      ? undefined
      : await (
          await import('../record/create-proxy-recorder.js')
        ).createProxyRecorder(options.record, log)
  return { fixtures, handlers, recorder }
}
