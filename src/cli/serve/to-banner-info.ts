import { DEFAULT_SEED } from '../../data/default-keys.js'
import type { ContentApiServer } from '../../server/create-content-api-server.js'
import {
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
} from '../../server/fleet/fleet-options.js'
import { describeApiKeys } from './describe-api-keys.js'
import type { BannerInfo } from './format-banner.js'
import { NO_ADMIN_TOKEN } from './parse-serve-flags.js'
import type { ServeOptions } from './serve-option-table.js'

/**
 * What the banner shows of a started server and the flags it was started
 * with.
 */
export function toBannerInfo(
  options: ServeOptions,
  server: ContentApiServer,
  { version, handlerCount }: { version: string; handlerCount: number },
): BannerInfo {
  const index = server.mock.db.index
  const links = server.publicUrl ?? server.url
  return {
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
    admin: describeAdminGuard(options, server),
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
        : { url: options.proxy, all: options.proxyAll, record: options.record },
  }
}

function describeAdminGuard(
  options: ServeOptions,
  server: ContentApiServer,
): BannerInfo['admin'] {
  if (server.adminToken === undefined) {
    return options.adminToken === NO_ADMIN_TOKEN ? 'opened' : 'open'
  }
  return server.adminTokenGenerated ? { generated: server.adminToken } : 'token'
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
