import type { ContentApiServerOptions } from '../../server/create-content-api-server.js'
import type { ProxyRecorder } from '../record/create-proxy-recorder.js'
import { NO_ADMIN_TOKEN } from './parse-serve-flags.js'
import type { ServeOptions } from './serve-option-table.js'

/** The server's options for what `serve` was asked, with the files they named read (`inputs`). */
export function toServerOptions(
  options: ServeOptions,
  inputs: Pick<ContentApiServerOptions, 'fixtures' | 'handlers'> & {
    recorder?: ProxyRecorder
  },
): ContentApiServerOptions {
  return {
    host: options.host,
    port: options.port,
    seed: options.seed,
    size: { projects: options.projects, contents: options.contents },
    apiKey: options.apiKey,
    fixtures: inputs.fixtures,
    assetTtl: options.assetTtl,
    assetSecret: options.assetSecret,
    mediaDir: options.mediaDir,
    mediaMaxFileSize: options.mediaMaxFileSize,
    listOrder: options.listOrder,
    headersTimeout: options.headersTimeout,
    requestTimeout: options.requestTimeout,
    keepAliveTimeout: options.keepAliveTimeout,
    idleTimeout: options.idleTimeout,
    shutdownTimeout: options.shutdownTimeout,
    // An array is matched origin by origin: "*" in it would allow only "*".
    corsOrigin: options.corsOrigin?.includes('*') ? '*' : options.corsOrigin,
    adminToken:
      options.adminToken === NO_ADMIN_TOKEN ? false : options.adminToken,
    allowedHosts: options.allowedHosts,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
    handlers: inputs.handlers,
    live: options.live,
    speed: options.speed,
    upstream:
      options.proxy === undefined
        ? undefined
        : {
            url: options.proxy,
            all: options.proxyAll,
            onAnswer: inputs.recorder?.record,
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
  }
}

/** One scenario each for --latency, --fail-rate and every --scenario preset. */
function toTrafficOptions(options: ServeOptions) {
  const { latency, failRate = 0 } = options
  const scenarios = [
    latency !== undefined && { name: 'latency', latency },
    failRate > 0 && { name: 'fail-rate', probability: failRate, status: 500 },
    ...(options.scenario ?? []),
  ].filter((scenario) => scenario !== false)
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
