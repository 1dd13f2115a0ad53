import type { ListOrder } from '../../api/api-context.js'
import type {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_STYLES,
  Latency,
  RateLimit,
  ScenarioPreset,
} from '../../schema/scenario.js'
import type { VariantName } from '../../schema/variants.js'
import type { ANY_HOST } from '../../server/host/parse-allowed-hosts.js'
import type { ServerTimeouts } from '../../server/connections/server-timeouts.js'

/**
 * The value of `--admin-token` that leaves the control API open on purpose,
 * also when the server listens beyond loopback.
 */
export const NO_ADMIN_TOKEN = 'none'

/** How requests are logged: a readable line, a JSON object per line, or not. */
export type LogFormat = 'pretty' | 'json' | 'off'

/**
 * What `content-api-mock` (`serve`) was asked for, checked and typed.
 */
export interface ServeOptions extends Partial<ServerTimeouts> {
  host: string
  port: number
  /** The environment variables that gave options their values, e.g. `['PORT']`. */
  environment: string[]
  publicUrl?: string
  trustProxy: boolean
  seed?: number
  fixtures?: string
  apiKey?: string
  projects?: number
  contents?: number
  assetTtl?: number
  /** The key asset URLs are signed with (`--asset-secret`); never printed. */
  assetSecret?: string
  mediaDir?: string
  /** The largest `--media-dir` file served, in bytes. */
  mediaMaxFileSize?: number
  listOrder?: ListOrder
  /** Allowed origins; absent means any. */
  corsOrigin?: string[]
  /** The token, or `none` (`NO_ADMIN_TOKEN`) to leave the control API open. */
  adminToken?: string
  /** Hosts answered besides the defaults, or `all`. */
  allowedHosts?: string[] | typeof ANY_HOST
  handlers?: string
  watch: boolean
  log: LogFormat
  rateLimit?: RateLimit
  rateLimitAlgorithm?: (typeof RATE_LIMIT_ALGORITHMS)[number]
  rateLimitHeaders?: (typeof RATE_LIMIT_HEADER_STYLES)[number]
  latency?: Latency
  failRate?: number
  scenario?: ScenarioPreset[]
  variant?: VariantName[]
  strict: boolean
  journalSize?: number
  /** Print the client report when the server stops (`--no-client-report`: not). */
  clientReport: boolean
  live: boolean
  speed?: number
  /** The real service's base URL (`--proxy`), checked. */
  proxy?: string
  /** Forward every API request (`--proxy-all`), not only unknown IDs. */
  proxyAll: boolean
  /** The fixture file `--record` adds the proxied answers to. */
  record?: string
  /** The Redis the replicas of a fleet share their state through. */
  redis?: string
  /** The names of the fleet's keys start with it. */
  redisPrefix?: string
  /** What a replica that cannot show it is fresh does with the API. */
  redisOffline?: 'refuse' | 'serve-last-state'
}
