import { DEFAULT_SEED } from '../data/default-keys.js'
import type { Scenario, ScenarioPreset } from '../schema/scenario.js'
import type { ContentApiServer } from '../server/create-content-api-server.js'
import { isLoopbackHost } from '../server/host/is-loopback-host.js'
import { TIMEOUT_RULES } from '../server/connections/server-timeouts.js'
import type { CommandContext } from './cli-command.js'
import { CliError } from './cli-error.js'
import type { ProxyRecorder } from './recording/create-proxy-recorder.js'
import { createRequestLogger } from './create-request-logger.js'
import { createStyles, shouldUseColor } from './create-styles.js'
import { describeApiKeys } from './describe-api-keys.js'
import { describeHeapShortfall } from './describe-heap-shortfall.js'
import { describeStartError } from './describe-start-error.js'
import {
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
} from '../server/fleet/fleet-options.js'
import { formatBanner } from './format-banner.js'
import { loadHandlersFile } from './load-handlers-file.js'
import { NO_ADMIN_TOKEN, type ServeOptions } from './serve-options.js'
import {
  watchFixtureFile,
  type FixtureFileWatcher,
} from './watch-fixture-file.js'

/**
 * Serves the mock as `options` ask: starts the server, prints the banner,
 * logs requests, and on SIGINT or SIGTERM stops accepting connections and
 * waits for open requests. Resolves with the exit code: 0 once stopped, 1
 * when the server failed to close.
 * @throws {CliError} when a file, the host or the port is unusable (then
 * nothing was served); whatever else is a bug.
 * @example
 * context.exitCode = await serveMock(options, context)
 */
export async function serveMock(
  options: ServeOptions,
  { io, log, version }: CommandContext,
): Promise<number> {
  let stopping = false
  let requestStop: (signal: NodeJS.Signals) => void = () => {}
  const stopRequested = new Promise<NodeJS.Signals>((resolve) => {
    requestStop = resolve
  })
  const stopListening = io.onStopSignal((signal) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting for open requests`)
      io.exit(1)
      return
    }
    stopping = true
    requestStop(signal)
  })

  try {
    // @note With --log json, stdout carries only the JSON lines, so that it
    // can be piped into a log tool; the banner goes to stderr then.
    const bannerStream = options.log === 'json' ? io.stderr : io.stdout
    const onRequest = createRequestLogger(
      options.log,
      (text) => io.stdout.write(text),
      createStyles(shouldUseColor(io.stdout, io.env)),
    )

    let server: ContentApiServer
    let handlerCount = 0
    let recorder: ProxyRecorder | undefined
    try {
      const fixtures =
        options.fixtures === undefined
          ? undefined
          : await (
              await import('./read-fixture-file.js')
            ).readFixtureFile(options.fixtures)
      const handlers =
        options.handlers === undefined
          ? undefined
          : await loadHandlersFile(options.handlers)
      handlerCount = handlers?.length ?? 0
      recorder =
        options.record === undefined
          ? undefined
          : await (
              await import('./recording/create-proxy-recorder.js')
            ).createProxyRecorder(options.record, log)
      const heapHint =
        fixtures === undefined && options.contents !== undefined
          ? describeHeapShortfall(options.contents)
          : undefined
      if (heapHint !== undefined) log.warn(heapHint)
      // @note Loaded only now, so --help, --version and a bad flag answer at
      // once instead of after loading the server, the data layer and faker.
      const { createContentApiServer } =
        await import('../server/create-content-api-server.js')
      server = await createContentApiServer({
        host: options.host,
        port: options.port,
        seed: options.seed,
        size:
          options.projects === undefined && options.contents === undefined
            ? undefined
            : { projects: options.projects, contents: options.contents },
        apiKey: options.apiKey,
        fixtures,
        assetTtl: options.assetTtl,
        assetSecret: options.assetSecret,
        mediaDir: options.mediaDir,
        mediaMaxFileSize: options.mediaMaxFileSize,
        onWarning: (message) => log.warn(message),
        listOrder: options.listOrder,
        headersTimeout: options.headersTimeout,
        requestTimeout: options.requestTimeout,
        keepAliveTimeout: options.keepAliveTimeout,
        idleTimeout: options.idleTimeout,
        shutdownTimeout: options.shutdownTimeout,
        // @note An array is matched origin by origin, so "*" in it would
        // only allow a literal "*"; alone it means any origin.
        corsOrigin: options.corsOrigin?.includes('*')
          ? '*'
          : options.corsOrigin,
        adminToken:
          options.adminToken === NO_ADMIN_TOKEN ? false : options.adminToken,
        allowedHosts: options.allowedHosts,
        publicUrl: options.publicUrl,
        trustProxy: options.trustProxy,
        handlers,
        onRequest,
        live: options.live,
        speed: options.speed,
        upstream:
          options.proxy === undefined
            ? undefined
            : {
                url: options.proxy,
                all: options.proxyAll,
                onAnswer: recorder?.record,
              },
        ...toTrafficOptions(options),
        redis:
          options.redis === undefined
            ? undefined
            : {
                url: options.redis,
                prefix: options.redisPrefix,
                offline: options.redisOffline,
              },
      })
    } catch (error) {
      const message = describeStartError(error, options)
      if (message === undefined) throw error
      throw new CliError(message)
    }

    // @note Watching starts before the banner is printed: whoever waits for
    // the banner may edit the file at once, and that edit must not be missed.
    let watcher: FixtureFileWatcher | undefined
    try {
      watcher =
        options.watch && options.fixtures !== undefined
          ? watchFixtureFile({ path: options.fixtures, mock: server.mock, log })
          : undefined
    } catch (error) {
      await server.close()
      throw new CliError(
        `Cannot watch ${options.fixtures} for changes: ${(error as Error).message}. Leave out --watch to serve the file without reloading it.`,
      )
    }

    const index = server.mock.db.index
    const links = server.publicUrl ?? server.url
    bannerStream.write(
      formatBanner(
        {
          version,
          url: links,
          apiUrl: `${links}${server.mock.prefix}`,
          adminUrl: `${links}/__mock`,
          listeningUrl: server.publicUrl === undefined ? undefined : server.url,
          trustProxy: options.trustProxy,
          dataSource:
            options.fixtures ??
            `generated from seed ${options.seed ?? DEFAULT_SEED}${options.live ? ', live (new contents keep starting in every project)' : ''}`,
          projects: index.projectsById.size,
          contents: index.contentsById.size,
          keys: describeApiKeys(index, Date.now()),
          admin:
            server.adminToken === undefined
              ? options.adminToken === NO_ADMIN_TOKEN
                ? 'opened'
                : 'open'
              : server.adminTokenGenerated
                ? { generated: server.adminToken }
                : 'token',
          allowedHosts: options.allowedHosts,
          corsOrigins: options.corsOrigin,
          handlers:
            options.handlers === undefined
              ? undefined
              : { file: options.handlers, count: handlerCount },
          watching: options.watch,
          mediaDir: options.mediaDir,
          fleet:
            options.redis === undefined
              ? undefined
              : {
                  redis: describeRedisUrl(options.redis),
                  prefix: options.redisPrefix ?? DEFAULT_FLEET_PREFIX,
                },
          log: options.log,
          traffic: describeTraffic(options),
          upstream:
            options.proxy === undefined
              ? undefined
              : {
                  url: options.proxy,
                  all: options.proxyAll,
                  record: options.record,
                },
        },
        createStyles(shouldUseColor(bannerStream, io.env)),
      ),
    )

    // @note After the banner, so that the warning is the last line a person
    // sees before the request log.
    if (
      options.adminToken === NO_ADMIN_TOKEN &&
      !isLoopbackHost(options.host)
    ) {
      log.warn(
        `--admin-token ${NO_ADMIN_TOKEN}: the control API at ${links}/__mock is open to anyone who can reach ${options.host}:${new URL(server.url).port}; they can replace the data and read every API key. Leave out --admin-token ${NO_ADMIN_TOKEN} to require a generated token.`,
      )
    }

    const signal = await stopRequested
    // @note Closing starts before the line is printed: whoever reads it may
    // rely on idle connections being closed already.
    const closed = server.close()
    const deadline =
      options.shutdownTimeout ?? TIMEOUT_RULES.shutdownTimeout.default
    log.info(
      `${signal} received: stopping, finishing open requests (at most ${deadline} ms; ${signal} again exits at once)`,
    )
    await watcher?.close()
    try {
      await closed
      // After the server closed: the answers still in flight are recorded too.
      await recorder?.flush()
    } catch (error) {
      log.error(
        `Failed to close the server cleanly: ${(error as Error).message}`,
      )
      return 1
    }
    log.info('stopped')
    return 0
  } finally {
    stopListening()
  }
}

/**
 * The traffic flags as the mock's options: the rate limit, and one scenario
 * each for --latency, --fail-rate and every --scenario preset.
 */
function toTrafficOptions(options: ServeOptions) {
  const scenarios: Array<Scenario | ScenarioPreset> = []
  if (options.latency !== undefined) {
    scenarios.push({ name: 'latency', latency: options.latency })
  }
  if (options.failRate !== undefined && options.failRate > 0) {
    scenarios.push({
      name: 'fail-rate',
      probability: options.failRate,
      status: 500,
    })
  }
  scenarios.push(...(options.scenario ?? []))
  return {
    rateLimit:
      options.rateLimit === undefined
        ? undefined
        : {
            ...options.rateLimit,
            algorithm: options.rateLimitAlgorithm,
            headers: options.rateLimitHeaders,
          },
    scenarios,
    strict: options.strict,
    variants: options.variant,
    journalSize: options.journalSize,
  }
}

/**
 * The traffic flags in words, for the banner.
 */
function describeTraffic(options: ServeOptions): string[] {
  const parts: string[] = []
  if (options.rateLimit !== undefined) {
    const { limit, window } = options.rateLimit
    parts.push(
      `${limit} requests per ${window} per key (${options.rateLimitAlgorithm ?? 'fixed-window'}, ${options.rateLimitHeaders === 'x-ratelimit' ? 'X-RateLimit-*' : 'RateLimit-*'} headers)`,
    )
  }
  if (options.latency !== undefined) {
    const latency = options.latency
    parts.push(
      typeof latency === 'number'
        ? `${latency} ms latency`
        : 'min' in latency
          ? `${latency.min}-${latency.max} ms latency`
          : 'log-normal latency',
    )
  }
  if (options.failRate !== undefined && options.failRate > 0) {
    parts.push(`500 on ${options.failRate * 100}% of requests`)
  }
  for (const preset of options.scenario ?? []) parts.push(`scenario ${preset}`)
  if (options.variant !== undefined) {
    parts.push(`variants ${[...new Set(options.variant)].join(', ')}`)
  }
  if (options.strict) {
    parts.push('X-Mock-Scenario and X-Mock-Variant ignored (--strict)')
  }
  if (options.speed !== undefined && options.speed !== 1) {
    parts.push(`mock clock at ${options.speed}x real time`)
  }
  // @note With generated data the Data row names the seed already.
  if (options.fixtures !== undefined && options.seed !== undefined) {
    parts.push(`random draws from seed ${options.seed}`)
  }
  return parts
}
