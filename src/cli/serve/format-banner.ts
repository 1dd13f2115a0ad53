import type { Styles } from '../output/create-styles.js'
import type { ApiKeySummary } from './describe-api-keys.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import type { ServeOptions } from './serve-option-table.js'

/**
 * The banner lists at most this many keys; a fixture with more says how many
 * were left out.
 */
const BANNER_MAX_KEYS = 12

/**
 * Everything the startup banner shows.
 */
export interface BannerInfo {
  version: string
  /**
   * The server's URLs as links show them: with the port it got for
   * `--port 0`, or on the `--public-url`.
   */
  url: string
  apiUrl: string
  adminUrl: string
  /** Where the server listens, when the links show a `--public-url` instead. */
  listeningUrl?: string
  /** Whether `--trust-proxy` was given. */
  trustProxy?: boolean
  /** Where the data comes from, e.g. `generated from seed 1` or `fixtures.json`. */
  dataSource: string
  projects: number
  contents: number
  keys: readonly ApiKeySummary[]
  /**
   * The control API's guard: a token given with `--admin-token`, one
   * generated (shown), open (loopback) or opened with `--admin-token none`.
   */
  admin: 'token' | { generated: string } | 'open' | 'opened'
  /** The `--allowed-hosts` given, if any. */
  allowedHosts?: readonly string[] | 'all'
  /** Allowed CORS origins; absent means any. */
  corsOrigins?: readonly string[]
  /** The `--handlers` file and how many handlers it gave. */
  handlers?: { file: string; count: number }
  watching?: boolean
  /** The `--media-dir` folder, if any. */
  mediaDir?: string
  log: ServeOptions['log']
  /** Rate limit, latency, fail rate and scenarios in force, in words. */
  traffic?: readonly string[]
  /** With `--redis`: the Redis (password hidden) and the fleet's key prefix. */
  fleet?: { redis: string; prefix: string }
  /** Proxy mode: the real service, whether all goes there, the `--record` file. */
  upstream?: { url: string; all?: boolean; record?: string }
}

/**
 * Formats the startup banner: where the API is, each key and what it sees, a
 * `curl` line to paste, the explorer page, the control API, the OpenAPI
 * document and the API reference.
 */
export function formatBanner(info: BannerInfo, styles: Styles): string {
  return [
    `${styles.bold(`${CLI_NAME} ${info.version}`)} ${styles.dim('· mock of the Content Project Read API')}`,
    '',
    ...formatRows(info, styles).map(
      ([name, value]) => `  ${styles.dim(name.padEnd(9))} ${value}`,
    ),
    '',
    `  ${styles.bold('API keys')}`,
    ...formatKeys(info, styles),
    '',
    `  ${styles.bold('Try it')}`,
    ...formatTryIt(info, styles),
    '',
    styles.dim(`  ${describeLog(info.log)} Press Ctrl+C to stop.`),
    '',
  ].join('\n')
}

/** The rows of the banner's top, as name and value: where everything is. */
function formatRows(info: BannerInfo, styles: Styles): Array<[string, string]> {
  const rows: Array<[string, string | undefined]> = [
    ['API', styles.url(info.apiUrl)],
    [
      'Listening',
      info.listeningUrl === undefined
        ? undefined
        : styles.url(info.listeningUrl),
    ],
    ['Proxy', describeProxy(info)],
    [
      'Explorer',
      `${styles.url(`${info.url}/`)} ${styles.dim('(open it in a browser: the data, a control panel)')}`,
    ],
    [
      'Data',
      `${info.dataSource}: ${plural(info.projects, 'project')}, ${plural(info.contents, 'content')}${info.watching ? ', reloaded when the file changes' : ''}`,
    ],
    ...formatUpstreamRows(info, styles),
    [
      'Fleet',
      info.fleet === undefined
        ? undefined
        : `${info.fleet.redis} ${styles.dim(`(prefix ${info.fleet.prefix}: scenarios, clock, variants, data changes and the journal shared with every replica there)`)}`,
    ],
    [
      'Media',
      info.mediaDir === undefined
        ? undefined
        : `files of ${info.mediaDir}, picked per movie_unique`,
    ],
    [
      'Handlers',
      info.handlers === undefined
        ? undefined
        : `${plural(info.handlers.count, 'handler')} from ${info.handlers.file}, tried before the mock`,
    ],
    [
      'Admin',
      `${styles.url(info.adminUrl)} ${styles.dim(describeAdmin(info))}`,
    ],
    [
      'Token',
      typeof info.admin === 'object'
        ? `${styles.bold(info.admin.generated)} ${styles.dim('(generated for this run, as the server listens beyond this machine; --admin-token sets your own)')}`
        : undefined,
    ],
    ['OpenAPI', styles.url(`${info.url}/openapi.json`)],
    ['Docs', styles.url(`${info.url}/docs`)],
    [
      'Traffic',
      info.traffic !== undefined && info.traffic.length > 0
        ? info.traffic.join('; ')
        : undefined,
    ],
    ['CORS', describeCors(info)],
    ['Hosts', describeAllowedHosts(info)],
  ]
  return rows.filter((row): row is [string, string] => row[1] !== undefined)
}

/** Proxy mode's rows: the real service, and the `--record` file. */
function formatUpstreamRows(
  info: BannerInfo,
  styles: Styles,
): Array<[string, string | undefined]> {
  const { upstream } = info
  if (upstream === undefined) return []
  return [
    [
      'Upstream',
      `${styles.url(upstream.url)} ${styles.dim(upstream.all ? '(proxy mode: every API request is forwarded there, --proxy-all)' : "(proxy mode: API requests naming IDs the mock's data does not hold are forwarded there)")}`,
    ],
    [
      'Record',
      upstream.record === undefined
        ? undefined
        : `the 200 answers forwarded are added to ${upstream.record}`,
    ],
  ]
}

/** One line per key (at most `BANNER_MAX_KEYS`), in columns. */
function formatKeys(info: BannerInfo, styles: Styles): string[] {
  const shown = info.keys.slice(0, BANNER_MAX_KEYS)
  const width = (text: (key: ApiKeySummary) => string) =>
    Math.max(...shown.map((key) => text(key).length), 0)
  const account = (key: ApiKeySummary) => key.accountName ?? key.accountId
  const keyWidth = width((key) => key.key)
  const labelWidth = width((key) => key.label)
  const accountWidth = width(account)
  const lines = shown.map(
    (key) =>
      `    ${key.key.padEnd(keyWidth)}  ${styles.dim(key.label.padEnd(labelWidth))}  ${account(key).padEnd(accountWidth)}  ${describeKey(key, styles)}`,
  )
  if (info.keys.length > shown.length) {
    lines.push(
      styles.dim(
        `    … and ${plural(info.keys.length - shown.length, 'more key')} (GET ${info.adminUrl}/fixtures lists them all)`,
      ),
    )
  }
  if (info.keys.length === 0) {
    lines.push(styles.dim('    none: every API request answers 401'))
  }
  return lines
}

/** A `curl` line to paste, with the first active key. */
function formatTryIt(info: BannerInfo, styles: Styles): string[] {
  const main = info.keys.find((key) => key.status === 'active')
  const curl = `    ${styles.bold(`curl -H "Authorization: Bearer ${main?.key ?? '<API_KEY>'}" ${info.apiUrl}/projects`)}`
  if (main !== undefined) return [curl]
  return [
    curl,
    styles.dim(
      '    (no active key in this dataset: add one to "api_keys" to get past 401)',
    ),
  ]
}

function describeCors(info: BannerInfo): string {
  return info.corsOrigins === undefined || info.corsOrigins.includes('*')
    ? 'any origin'
    : info.corsOrigins.join(', ')
}

function describeAllowedHosts(info: BannerInfo): string | undefined {
  if (info.allowedHosts === undefined) return undefined
  if (info.allowedHosts === 'all')
    return 'any Host header (--allowed-hosts all)'
  return `localhost, IP addresses${info.listeningUrl === undefined ? '' : ', the --public-url host'} and ${info.allowedHosts.join(', ')}`
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

function describeAdmin(info: BannerInfo): string {
  if (info.admin === 'open') return '(open; --admin-token protects it)'
  if (info.admin === 'opened') return '(open to anyone: --admin-token none)'
  return '(needs "Authorization: Bearer <admin token>")'
}

function describeProxy(info: BannerInfo): string | undefined {
  if (info.listeningUrl !== undefined) {
    return info.trustProxy === true
      ? 'links use --public-url, which wins over --trust-proxy: forwarded headers are not read'
      : 'links use --public-url; forwarded headers are not read'
  }
  if (info.trustProxy === true) {
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
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`
}
