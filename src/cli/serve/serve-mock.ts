import type { ContentApiServer } from '../../server/create-content-api-server.js'
import { isLoopbackHost } from '../../server/host/is-loopback-host.js'
import { TIMEOUT_RULES } from '../../server/connections/server-timeouts.js'
import type { CommandContext } from '../cli-command.js'
import { CliError } from '../cli-error.js'
import type { CliLog } from '../output/create-cli-log.js'
import type { CliIo } from '../output/create-process-io.js'
import { createStyles, shouldUseColor } from '../output/create-styles.js'
import { formatBanner } from './format-banner.js'
import { formatClientReport } from './format-client-report.js'
import { NO_ADMIN_TOKEN } from './parse-serve-flags.js'
import type { ServeOptions } from './serve-option-table.js'
import { startMockServer, type StartedMockServer } from './start-mock-server.js'
import {
  watchFixtureFile,
  type FixtureFileWatcher,
} from './watch-fixture-file.js'

/**
 * Serves the mock until SIGINT or SIGTERM, then waits for open requests.
 * Resolves with the exit code: 0 once stopped, 1 when the server failed to close.
 * @throws {CliError} when a file, the host or the port is unusable (nothing
 * was served); a server's `FixtureError`, `OptionsError` or `FleetError` as is.
 */
export async function serveMock(
  options: ServeOptions,
  { io, log, version }: CommandContext,
): Promise<number> {
  const stop = new StopRequest(io, log)
  try {
    // With --log json, stdout carries only the JSON lines, for a log tool.
    const bannerStream = options.log === 'json' ? io.stderr : io.stdout
    const started = await startMockServer(options, io, log)
    const { server, handlerCount } = started
    // Before the banner: whoever waits for it may edit the file at once.
    const watcher = await watchIfAsked(options, server, log)
    bannerStream.write(
      formatBanner(
        options,
        server,
        { version, handlerCount },
        createStyles(shouldUseColor(bannerStream, io.env)),
      ),
    )
    // After the banner: the last line a person sees before the request log.
    warnIfControlApiIsOpen(options, server, log)
    const cause = await stop.requested
    const running = { ...started, watcher }
    return await stopServing(cause, running, options, { io, log })
  } finally {
    stop.dispose()
  }
}

/** Why the server stops, and what stops it at once, for the log line. */
interface StopCause {
  cause: string
  again: string
}

/**
 * The first SIGINT or SIGTERM, or the exit of the npm or npx that launched
 * the server; a second signal exits at once, without waiting for open requests.
 */
class StopRequest {
  readonly requested: Promise<StopCause>
  #stopping = false
  #request: (stop: StopCause) => void = () => {}
  readonly #stopListening: () => void
  readonly #stopWatching: (() => void) | undefined

  constructor(io: CliIo, log: CliLog) {
    this.requested = new Promise((resolve) => {
      this.#request = (cause) => {
        this.#stopping = true
        resolve(cause)
      }
    })
    this.#stopListening = io.onStopSignal((signal) => {
      if (this.#stopping) {
        log.warn(`${signal} again: exiting without waiting for open requests`)
        io.exit(1)
        return
      }
      this.#request({ cause: `${signal} received`, again: `${signal} again` })
    })
    this.#stopWatching = io.onLauncherExit?.((launcher) => {
      if (this.#stopping) return
      this.#request({
        cause: `${launcher}, which started this server, has exited`,
        again: 'SIGTERM',
      })
    })
  }

  dispose(): void {
    this.#stopListening()
    this.#stopWatching?.()
  }
}

async function watchIfAsked(
  options: ServeOptions,
  server: ContentApiServer,
  log: CliLog,
): Promise<FixtureFileWatcher | undefined> {
  if (!options.watch || options.fixtures === undefined) return undefined
  try {
    return watchFixtureFile({ path: options.fixtures, mock: server.mock, log })
  } catch (error) {
    await server.close()
    throw new CliError(
      `Cannot watch ${options.fixtures} for changes: ${(error as Error).message}. Leave out --watch to serve the file without reloading it.`,
    )
  }
}

function warnIfControlApiIsOpen(
  options: ServeOptions,
  server: ContentApiServer,
  log: CliLog,
): void {
  if (options.adminToken !== NO_ADMIN_TOKEN || isLoopbackHost(options.host)) {
    return
  }
  const links = server.publicUrl ?? server.url
  log.warn(
    `--admin-token ${NO_ADMIN_TOKEN}: the control API at ${links}/__mock is open to anyone who can reach ${options.host}:${new URL(server.url).port}; they can replace the data and read every API key. Leave out --admin-token ${NO_ADMIN_TOKEN} to require a generated token.`,
  )
}

async function stopServing(
  stop: StopCause,
  running: StartedMockServer & { watcher?: FixtureFileWatcher },
  options: ServeOptions,
  { io, log }: { io: CliIo; log: CliLog },
): Promise<number> {
  // Before the line: whoever reads it may rely on idle connections being closed.
  const closed = running.server.close()
  const deadline =
    options.shutdownTimeout ?? TIMEOUT_RULES.shutdownTimeout.default
  log.info(
    `${stop.cause}: stopping, finishing open requests (at most ${deadline} ms; ${stop.again} exits at once)`,
  )
  await running.watcher?.close()
  try {
    await closed
    await running.recorder?.flush()
  } catch (error) {
    log.error(`Failed to close the server cleanly: ${(error as Error).message}`)
    return 1
  }
  // After the close: the requests that were in flight are recorded and reported too.
  if (options.clientReport) {
    const styles = createStyles(shouldUseColor(io.stderr, io.env))
    const report = running.server.mock.clientReport()
    for (const line of formatClientReport(report, styles)) log.info(line)
  }
  log.info('stopped')
  return 0
}
