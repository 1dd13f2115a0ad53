import { DEFAULT_SEED } from '../../data/default-keys.js'
import type { ContentApiServer } from '../../server/create-content-api-server.js'
import {
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
} from '../../server/fleet/fleet-options.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import type { Styles } from '../output/create-styles.js'
import { describeApiKeys, type ApiKeySummary } from './describe-api-keys.js'
import { NO_ADMIN_TOKEN } from './parse-serve-flags.js'
import type { ServeOptions } from './serve-option-table.js'

/** A fixture with more keys than this says how many were left out. */
const BANNER_MAX_KEYS = 12

/** What the banner is made of: the flags, the server they started, and its links. */
interface Banner {
  options: ServeOptions
  server: ContentApiServer
  handlerCount: number
  styles: Styles
  /** The server's URL as links show it: with the port `--port 0` got, or the `--public-url`. */
  url: string
  apiUrl: string
  adminUrl: string
  keys: readonly ApiKeySummary[]
}

/**
 * Formats the startup banner: where the API is, each key and what it sees, a
 * `curl` line to paste, the explorer page, the control API, the OpenAPI
 * document and the API reference.
 */
export function formatBanner(
  options: ServeOptions,
  server: ContentApiServer,
  { version, handlerCount }: { version: string; handlerCount: number },
  styles: Styles,
): string {
  const url = server.publicUrl ?? server.url
  const banner: Banner = {
    options,
    server,
    handlerCount,
    styles,
    url,
    apiUrl: `${url}${server.mock.prefix}`,
    adminUrl: `${url}/__mock`,
    keys: describeApiKeys(server.mock.db.index, Date.now()),
  }
  return [
    `${styles.bold(`${CLI_NAME} ${version}`)} ${styles.dim('· mock of the Content Project Read API')}`,
    '',
    ...formatRows(banner).map(
      ([name, value]) => `  ${styles.dim(name.padEnd(9))} ${value}`,
    ),
    '',
    `  ${styles.bold('API keys')}`,
    ...formatKeys(banner),
    '',
    `  ${styles.bold('Try it')}`,
    ...formatTryIt(banner),
    '',
    styles.dim(`  ${describeLog(options.log)} Press Ctrl+C to stop.`),
    '',
  ].join('\n')
}

/** The rows of the banner's top, as name and value: where everything is. */
function formatRows(banner: Banner): Array<[string, string]> {
  const { options, server, styles, url } = banner
  const { index } = server.mock.db
  const traffic = describeTraffic(options)
  const dataSource =
    options.fixtures ??
    `generated from seed ${options.seed ?? DEFAULT_SEED}${options.live ? ', live (new contents keep starting in every project)' : ''}`
  const rows: Record<string, string | undefined> = {
    API: styles.url(banner.apiUrl),
    Listening: server.publicUrl && styles.url(server.url),
    Proxy: describeProxy(banner),
    Explorer: `${styles.url(`${url}/`)} ${styles.dim('(open it in a browser: the data, a control panel)')}`,
    Data: `${dataSource}: ${plural(index.projectsById.size, 'project')}, ${plural(index.contentsById.size, 'content')}${options.watch ? ', reloaded when the file changes' : ''}`,
    Upstream:
      options.proxy &&
      `${styles.url(options.proxy)} ${styles.dim(options.proxyAll ? '(proxy mode: every API request is forwarded there, --proxy-all)' : "(proxy mode: API requests naming IDs the mock's data does not hold are forwarded there)")}`,
    // --record requires --proxy.
    Record:
      options.record &&
      `the 200 answers forwarded are added to ${options.record}`,
    Fleet:
      options.redis &&
      `${describeRedisUrl(options.redis)} ${styles.dim(`(prefix ${options.redisPrefix ?? DEFAULT_FLEET_PREFIX}: scenarios, clock, variants, data changes and the journal shared with every replica there)`)}`,
    Media:
      options.mediaDir &&
      `files of ${options.mediaDir}, picked per movie_unique`,
    Handlers:
      options.handlers &&
      `${plural(banner.handlerCount, 'handler')} from ${options.handlers}, tried before the mock`,
    Admin: `${styles.url(banner.adminUrl)} ${styles.dim(describeAdmin(banner))}`,
    Token:
      server.adminToken !== undefined && server.adminTokenGenerated
        ? `${styles.bold(server.adminToken)} ${styles.dim('(generated for this run, as the server listens beyond this machine; --admin-token sets your own)')}`
        : undefined,
    OpenAPI: styles.url(`${url}/openapi.json`),
    Docs: styles.url(`${url}/docs`),
    Traffic: traffic.length > 0 ? traffic.join('; ') : undefined,
    CORS: describeCors(options.corsOrigin),
    Hosts: describeAllowedHosts(banner),
  }
  return Object.entries(rows).filter(
    (row): row is [string, string] => row[1] !== undefined,
  )
}

/** One line per key (at most `BANNER_MAX_KEYS`), in columns. */
function formatKeys({ keys, styles, adminUrl }: Banner): string[] {
  const shown = keys.slice(0, BANNER_MAX_KEYS)
  const column = (key: ApiKeySummary, field: 'key' | 'label' | 'account') =>
    key[field].padEnd(Math.max(...shown.map((other) => other[field].length)))
  const lines = shown.map(
    (key) =>
      `    ${column(key, 'key')}  ${styles.dim(column(key, 'label'))}  ${column(key, 'account')}  ${describeKey(key, styles)}`,
  )
  if (keys.length > shown.length) {
    lines.push(
      styles.dim(
        `    … and ${plural(keys.length - shown.length, 'more key')} (GET ${adminUrl}/fixtures lists them all)`,
      ),
    )
  }
  if (keys.length === 0) {
    lines.push(styles.dim('    none: every API request answers 401'))
  }
  return lines
}

/** A `curl` line to paste, with the first active key. */
function formatTryIt({ keys, styles, apiUrl }: Banner): string[] {
  const main = keys.find((key) => key.status === 'active')
  const curl = `    ${styles.bold(`curl -H "Authorization: Bearer ${main?.key ?? '<API_KEY>'}" ${apiUrl}/projects`)}`
  if (main !== undefined) return [curl]
  return [
    curl,
    styles.dim(
      '    (no active key in this dataset: add one to "api_keys" to get past 401)',
    ),
  ]
}

function describeCors(origins: readonly string[] | undefined): string {
  return origins === undefined || origins.includes('*')
    ? 'any origin'
    : origins.join(', ')
}

function describeAllowedHosts({ options, server }: Banner): string | undefined {
  const hosts = options.allowedHosts
  if (hosts === undefined) return undefined
  if (hosts === 'all') return 'any Host header (--allowed-hosts all)'
  return `localhost, IP addresses${server.publicUrl === undefined ? '' : ', the --public-url host'} and ${hosts.join(', ')}`
}

function describeKey(key: ApiKeySummary, styles: Styles): string {
  if (key.status === 'revoked') return styles.bad('revoked: answers 401')
  if (key.status === 'expired') {
    return styles.bad(`expired at ${key.expiresAt}: answers 401`)
  }
  let sees = `sees ${plural(key.visibleProjects, 'project')}`
  if (key.sharedProjects > 0) {
    const shared = plural(key.sharedProjects, 'shared', 'shared')
    sees +=
      key.sharedReadOnlyProjects === key.sharedProjects
        ? `, ${shared} read-only`
        : key.sharedReadOnlyProjects > 0
          ? `, ${shared} (${key.sharedReadOnlyProjects} read-only)`
          : `, ${shared}`
  }
  const until =
    key.expiresAt === undefined ? '' : styles.dim(` until ${key.expiresAt}`)
  return `${styles.good('active')}${until}  ${sees}`
}

function describeAdmin({ options, server }: Banner): string {
  if (server.adminToken !== undefined) {
    return '(needs "Authorization: Bearer <admin token>")'
  }
  return options.adminToken === NO_ADMIN_TOKEN
    ? '(open to anyone: --admin-token none)'
    : '(open; --admin-token protects it)'
}

function describeProxy({ options, server }: Banner): string | undefined {
  if (server.publicUrl !== undefined) {
    return options.trustProxy === true
      ? 'links use --public-url, which wins over --trust-proxy: forwarded headers are not read'
      : 'links use --public-url; forwarded headers are not read'
  }
  if (options.trustProxy === true) {
    return 'asset URLs follow Forwarded and X-Forwarded-Proto/-Host (--trust-proxy)'
  }
  return undefined
}

function describeLog(log: ServeOptions['log']): string {
  if (log === 'off') return 'Requests are not logged (--log off).'
  if (log === 'json') return 'Requests are logged as JSON lines on stdout.'
  return 'Requests are logged below.'
}

function plural(count: number, singular: string, pluralForm = `${singular}s`) {
  // Grouped as en-US does, by hand: the first toLocaleString loads ICU's
  // number formats, some 20 ms of every start-up.
  const grouped = String(count).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${grouped} ${count === 1 ? singular : pluralForm}`
}

function describeTraffic(options: ServeOptions): string[] {
  const { rateLimit, latency, failRate = 0, speed = 1 } = options
  const parts = [
    rateLimit &&
      `${rateLimit.limit} requests per ${rateLimit.window} per key (${options.rateLimitAlgorithm}, ${options.rateLimitHeaders === 'x-ratelimit' ? 'X-RateLimit-*' : 'RateLimit-*'} headers)`,
    latency !== undefined && `${describeLatency(latency)} latency`,
    failRate > 0 && `500 on ${failRate * 100}% of requests`,
    ...(options.scenario ?? []).map((preset) => `scenario ${preset}`),
    options.variant && `variants ${[...new Set(options.variant)].join(', ')}`,
    options.strict && 'X-Mock-Scenario and X-Mock-Variant ignored (--strict)',
    speed !== 1 && `mock clock at ${speed}x real time`,
    // @note With generated data the Data row names the seed already.
    options.fixtures !== undefined &&
      options.seed !== undefined &&
      `random draws from seed ${options.seed}`,
  ]
  return parts.filter((part) => typeof part === 'string')
}

function describeLatency(latency: NonNullable<ServeOptions['latency']>) {
  if (typeof latency === 'number') return `${latency} ms`
  return 'min' in latency ? `${latency.min}-${latency.max} ms` : 'log-normal'
}
