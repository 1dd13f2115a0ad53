import { OPTION_RULES } from '../../schema/option-rules.js'
import {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_STYLES,
  SCENARIO_PRESETS,
} from '../../schema/scenario.js'
import { VARIANT_NAMES } from '../../schema/variants.js'
import { SERVER_OPTION_RULES } from '../../server/connections/defaults.js'
import { TIMEOUT_RULES } from '../../server/connections/server-timeouts.js'
import { MEDIA_FILE_SIZE_RULE } from '../../server/files/read-media-directory.js'
import { DEFAULT_FLEET_PREFIX } from '../../server/fleet/fleet-options.js'
import { ANY_HOST } from '../../server/host/parse-allowed-hosts.js'
import { parsePublicUrl } from '../../server/host/parse-public-url.js'
import { parseUpstreamUrl } from '../../server/upstream/parse-upstream-url.js'
import type { CliOptionSpec } from '../options/cli-option-spec.js'
import { DATASET_OPTIONS } from '../options/dataset-options.js'
import { ENVIRONMENT_VARIABLES as ENV } from '../options/environment-variables.js'
import {
  integerSpec,
  parseInteger,
  parseNonEmpty,
} from '../options/option-parsers.js'
import { collectVariants } from './collect-variants.js'
import {
  collectAllowedHosts,
  collectOrigins,
  parseApiKey,
  parseToken,
  urlFlag,
} from './parse-serve-flags.js'
import {
  collectScenario,
  parseFailRate,
  parseLatency,
  parseRateLimit,
} from './parse-traffic-flags.js'
import { NO_ADMIN_TOKEN, type ServeOptions } from './serve-options.js'

const { host, port } = SERVER_OPTION_RULES

/**
 * The one table of `serve`'s options (the default command): per option its
 * flag, help group, help, default, rule (through its parser), environment
 * variable and parser. The command's options, their parsing, their variables
 * and `--help` are all built from it (`CliCommand.addOptionTable`); rows are
 * in the order the help lists them, group by group. It has a row for each of
 * `ServeOptions` and no other.
 */
export const SERVE_OPTION_TABLE = {
  // What most runs need.
  port: {
    short: 'p',
    value: 'number',
    help: port.summary,
    default: port.default,
    parse: parseInteger(port),
    env: ENV.port,
  },
  host: {
    value: 'address',
    help: host.summary,
    default: host.default,
    parse: parseNonEmpty('an address such as 127.0.0.1 or 0.0.0.0'),
    env: ENV.host,
  },
  seed: {
    ...DATASET_OPTIONS.seed,
    help: `${OPTION_RULES.seed.summary}; with --fixtures, of the draws only`,
  },
  fixtures: DATASET_OPTIONS.fixtures,
  watch: { short: 'w', help: 'reload the --fixtures file whenever it changes' },
  log: {
    value: 'format',
    help: 'request log on stdout, one line per request',
    choices: ['pretty', 'json', 'off'],
    default: 'pretty',
  },

  rateLimit: {
    value: 'count/window',
    group: 'traffic',
    help: 'limit each API key to COUNT requests per WINDOW (s, m or h), e.g. 60/1m; 429 with Retry-After beyond it',
    parse: parseRateLimit,
  },
  rateLimitAlgorithm: {
    value: 'algorithm',
    group: 'traffic',
    help: 'how --rate-limit counts',
    choices: RATE_LIMIT_ALGORITHMS,
    default: RATE_LIMIT_ALGORITHMS[0],
  },
  rateLimitHeaders: {
    value: 'style',
    group: 'traffic',
    help: 'RateLimit-* (seconds to reset) or X-RateLimit-* (epoch seconds) headers',
    choices: RATE_LIMIT_HEADER_STYLES,
    default: RATE_LIMIT_HEADER_STYLES[0],
  },
  latency: {
    value: 'ms',
    group: 'traffic',
    help: 'delay every API response: one number of milliseconds, or a range such as 50-200',
    parse: parseLatency,
  },
  failRate: {
    value: 'share',
    group: 'traffic',
    help: 'answer this share of API requests with 500, from 0 to 1 (drawn from --seed, also with --fixtures)',
    parse: parseFailRate,
  },
  scenario: {
    value: 'name',
    group: 'traffic',
    help: `force a preset on every API request; repeatable (${SCENARIO_PRESETS.join(', ')})`,
    parse: collectScenario,
  },
  variant: {
    value: 'names',
    group: 'traffic',
    help: `serve variants of the real service, comma-separated; repeatable (${VARIANT_NAMES.join(', ')})`,
    parse: collectVariants,
  },
  strict: {
    group: 'traffic',
    help: 'ignore the X-Mock-Scenario and X-Mock-Variant request headers',
  },

  projects: { ...DATASET_OPTIONS.projects, group: 'data' },
  contents: { ...DATASET_OPTIONS.contents, group: 'data' },
  apiKey: {
    value: 'key',
    group: 'data',
    help: OPTION_RULES.apiKey.summary,
    shownDefault: OPTION_RULES.apiKey.default,
    parse: parseApiKey,
  },
  live: { ...DATASET_OPTIONS.live, group: 'data' },
  speed: { ...DATASET_OPTIONS.speed, group: 'data' },
  listOrder: {
    value: 'order',
    group: 'data',
    help: OPTION_RULES.listOrder.summary,
    choices: OPTION_RULES.listOrder.choices,
    default: OPTION_RULES.listOrder.default,
  },
  assetTtl: { ...DATASET_OPTIONS.assetTtl, group: 'data' },
  mediaDir: { ...DATASET_OPTIONS.mediaDir, group: 'data' },
  mediaMaxFileSize: {
    ...integerSpec('bytes', MEDIA_FILE_SIZE_RULE),
    group: 'data',
  },

  publicUrl: {
    value: 'url',
    group: 'server',
    help: 'the URL clients reach the mock at through a proxy or platform, e.g. https://demo.example.com; links and asset URLs use it',
    parse: urlFlag(parsePublicUrl),
  },
  trustProxy: {
    group: 'server',
    help: "build asset URLs from a reverse proxy's Forwarded and X-Forwarded-Proto/-Host headers",
    shownDefault: 'ignored',
  },
  corsOrigin: {
    value: 'origin',
    group: 'server',
    help: 'allow only this browser origin; repeat it or separate origins with commas',
    shownDefault: 'any origin',
    parse: collectOrigins,
  },
  adminToken: {
    value: 'token',
    group: 'server',
    help: `require "Authorization: Bearer <token>" on the control API under /__mock; ${NO_ADMIN_TOKEN} leaves it open`,
    shownDefault:
      'open on a loopback --host, else a token generated and printed in the banner',
    parse: parseToken,
    env: ENV.adminToken,
  },
  allowedHosts: {
    value: 'hosts',
    group: 'server',
    help: `Host headers to answer besides localhost, IP addresses and the --public-url host, e.g. mock or .example.com (and subdomains); repeat it or separate names with commas; ${ANY_HOST} for any (others: 403)`,
    parse: collectAllowedHosts,
  },
  handlers: {
    value: 'file',
    group: 'server',
    help: 'ES module exporting your own msw handlers (as "handlers" or default), tried before the mock',
    parse: parseNonEmpty('a path to a JavaScript module'),
  },
  journalSize: {
    ...integerSpec('number', OPTION_RULES.journalSize, ' at /__mock/requests'),
    group: 'server',
  },
  clientReport: {
    negated: true,
    group: 'server',
    help: 'when the server stops, leave out the report of what the client did against the rules (docs/client-report.md)',
  },
  headersTimeout: {
    ...integerSpec('ms', TIMEOUT_RULES.headersTimeout),
    group: 'server',
  },
  requestTimeout: {
    ...integerSpec('ms', TIMEOUT_RULES.requestTimeout),
    group: 'server',
  },
  keepAliveTimeout: {
    ...integerSpec('ms', TIMEOUT_RULES.keepAliveTimeout),
    group: 'server',
  },
  idleTimeout: {
    ...integerSpec('ms', TIMEOUT_RULES.idleTimeout),
    group: 'server',
  },
  shutdownTimeout: {
    ...integerSpec('ms', TIMEOUT_RULES.shutdownTimeout),
    group: 'server',
  },

  redis: {
    value: 'url',
    group: 'fleet',
    help: 'share state with the other replicas of a fleet through this Redis: redis://host:6379, rediss://… or a unix socket path',
    parse: parseNonEmpty('a redis:// or rediss:// URL, or a socket path'),
    env: ENV.redis,
  },
  redisPrefix: {
    value: 'name',
    group: 'fleet',
    help: "with --redis: the names of the fleet's keys start with it, so that several fleets share one Redis",
    shownDefault: DEFAULT_FLEET_PREFIX,
    parse: parseNonEmpty('a name such as ci-job-42'),
    env: ENV.redisPrefix,
  },
  redisOffline: {
    value: 'choice',
    group: 'fleet',
    help: 'with --redis: what a replica that cannot show it holds every acknowledged change does with API requests: refuse them (503), or serve its last state (for a demo that must keep answering; docs/replicas.md)',
    choices: ['refuse', 'serve-last-state'],
    shownDefault: 'refuse',
  },
  assetSecret: {
    value: 'secret',
    group: 'fleet',
    help: "sign asset URLs with this secret, so that replicas given the same one accept each other's URLs",
    shownDefault: "random per process, or the fleet's with --redis",
    parse: parseNonEmpty('a secret of at least one character'),
    env: ENV.assetSecret,
  },

  proxy: {
    value: 'url',
    group: 'service',
    help: "forward API requests naming a project or content ID the mock's data does not hold to the real service at this base URL, e.g. https://api.example.com/public-api/v1, with the caller's Authorization",
    parse: urlFlag(parseUpstreamUrl),
  },
  proxyAll: {
    group: 'service',
    help: 'with --proxy: forward every API GET and HEAD, not only those naming unknown IDs',
  },
  record: {
    value: 'file',
    group: 'service',
    help: 'with --proxy: add the 200 answers that pass through to this fixture document (created, or added to when it exists)',
    parse: parseNonEmpty('a path to a JSON file'),
  },
} as const satisfies {
  readonly [Name in keyof Omit<ServeOptions, 'environment'>]-?: CliOptionSpec
}
