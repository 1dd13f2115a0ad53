import type { ContentApiServer } from '../../server/create-content-api-server.js'
import type { CliLog } from '../output/create-cli-log.js'
import type { CliIo } from '../output/create-process-io.js'
import { createStyles, shouldUseColor } from '../output/create-styles.js'
import { CliError } from '../cli-error.js'
import type { ProxyRecorder } from '../record/create-proxy-recorder.js'
import { createRequestLogger } from './create-request-logger.js'
import { describeHeapShortfall } from './describe-heap-shortfall.js'
import { describeStartError } from './describe-start-error.js'
import { loadHandlersFile } from './load-handlers-file.js'
import type { ServeOptions } from './serve-option-table.js'
import { toServerOptions, type ServeInputs } from './to-server-options.js'

/** A server `serve` started, and what it read to start it. */
export interface StartedMockServer {
  server: ContentApiServer
  /** How many handlers the `--handlers` file gave. */
  handlerCount: number
  /** The recording of `--record`, to flush once the server closed. */
  recorder?: ProxyRecorder
}

/**
 * Reads the files the flags name (fixtures, handlers, the `--record` file),
 * warns when the dataset asked for looks too large for the heap, and starts
 * the server, its requests logged as `--log` says.
 * @throws {CliError} when a file, the host or the port is unusable (then
 * nothing was served); whatever else is a bug.
 */
export async function startMockServer(
  options: ServeOptions,
  io: CliIo,
  log: CliLog,
): Promise<StartedMockServer> {
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
    // @note Loaded only now, so --help, --version and a bad flag answer at
    // once instead of after loading the server, the data layer and faker.
    const { createContentApiServer } =
      await import('../../server/create-content-api-server.js')
    const server = await createContentApiServer(
      toServerOptions(options, inputs, {
        onWarning: (message) => log.warn(message),
        onRequest,
      }),
    )
    const handlerCount = inputs.handlers?.length ?? 0
    return { server, handlerCount, recorder: inputs.recorder }
  } catch (error) {
    const message = describeStartError(error, options)
    if (message === undefined) throw error
    throw new CliError(message)
  }
}

async function readServeInputs(
  options: ServeOptions,
  log: CliLog,
): Promise<ServeInputs> {
  const fixtures =
    options.fixtures === undefined
      ? undefined
      : await (
          await import('../files/read-fixture-file.js')
        ).readFixtureFile(options.fixtures)
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
