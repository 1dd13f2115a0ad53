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
import {
  inHelpGroup,
  type OptionTable,
  type OptionValues,
} from '../options/cli-option-spec.js'
import { DATASET_OPTIONS } from '../options/dataset-options.js'
import { ENVIRONMENT_VARIABLES as ENV } from '../options/environment-variables.js'
import {
  integerSpec,
  defaultedIntegerSpec,
  parseNonEmpty,
  parseNumber,
} from '../options/option-parsers.js'
import {
  collectAllowedHosts,
  collectOrigins,
  NO_ADMIN_TOKEN,
  parseApiKey,
  parseToken,
  urlFlag,
} from './parse-serve-flags.js'
import {
  collectScenario,
  collectVariants,
  parseLatency,
  parseRateLimit,
} from './parse-traffic-flags.js'

const { host, port } = SERVER_OPTION_RULES

/**
 * The one table of `serve`'s options (the default command): the command's
 * options, their parsing, their variables, `--help` and `ServeOptions` are
 * all built from it; rows in the order the help lists them.
 */
export const SERVE_OPTION_TABLE = {
  // What most runs need.
  port: { ...defaultedIntegerSpec('number', port), short: 'p', env: ENV.port },
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

  ...inHelpGroup('traffic', {
    rateLimit: {
      value: 'count/window',
      help: 'limit each API key to COUNT requests per WINDOW (s, m or h), e.g. 60/1m; 429 with Retry-After beyond it',
      parse: parseRateLimit,
    },
    rateLimitAlgorithm: {
      value: 'algorithm',
      help: 'how --rate-limit counts',
      choices: RATE_LIMIT_ALGORITHMS,
      default: RATE_LIMIT_ALGORITHMS[0],
    },
    rateLimitHeaders: {
      value: 'style',
      help: 'RateLimit-* (seconds to reset) or X-RateLimit-* (epoch seconds) headers',
      choices: RATE_LIMIT_HEADER_STYLES,
      default: RATE_LIMIT_HEADER_STYLES[0],
    },
    latency: {
      value: 'ms',
      help: 'delay every API response: one number of milliseconds, or a range such as 50-200',
      parse: parseLatency,
    },
    failRate: {
      value: 'share',
      help: 'answer this share of API requests with 500, from 0 to 1 (drawn from --seed, also with --fixtures)',
      parse: parseNumber({ min: 0, max: 1 }, 'such as 0.05 for 5%', 'a share'),
    },
    scenario: {
      value: 'name',
      help: `force a preset on every API request; repeatable (${SCENARIO_PRESETS.join(', ')})`,
      parse: collectScenario,
    },
    variant: {
      value: 'names',
      help: `serve variants of the real service, comma-separated; repeatable (${VARIANT_NAMES.join(', ')})`,
      parse: collectVariants,
    },
    strict: {
      help: 'ignore the X-Mock-Scenario and X-Mock-Variant request headers',
    },
  }),

  ...inHelpGroup('data', {
    projects: DATASET_OPTIONS.projects,
    contents: DATASET_OPTIONS.contents,
    apiKey: {
      value: 'key',
      help: OPTION_RULES.apiKey.summary,
      shownDefault: OPTION_RULES.apiKey.default,
      parse: parseApiKey,
    },
    live: DATASET_OPTIONS.live,
    speed: DATASET_OPTIONS.speed,
    listOrder: {
      value: 'order',
      help: OPTION_RULES.listOrder.summary,
      choices: OPTION_RULES.listOrder.choices,
      default: OPTION_RULES.listOrder.default,
    },
    assetTtl: DATASET_OPTIONS.assetTtl,
    mediaDir: DATASET_OPTIONS.mediaDir,
    mediaMaxFileSize: integerSpec('bytes', MEDIA_FILE_SIZE_RULE),
  }),

  ...inHelpGroup('server', {
    publicUrl: {
      value: 'url',
      help: 'the URL clients reach the mock at through a proxy or platform, e.g. https://demo.example.com; links and asset URLs use it',
      parse: urlFlag(parsePublicUrl),
    },
    trustProxy: {
      help: "build asset URLs from a reverse proxy's Forwarded and X-Forwarded-Proto/-Host headers",
      shownDefault: 'ignored',
    },
    corsOrigin: {
      value: 'origin',
      help: 'allow only this browser origin; repeat it or separate origins with commas',
      shownDefault: 'any origin',
      parse: collectOrigins,
    },
    adminToken: {
      value: 'token',
      help: `require "Authorization: Bearer <token>" on the control API under /__mock; ${NO_ADMIN_TOKEN} leaves it open`,
      shownDefault:
        'open on a loopback --host, else a token generated and printed in the banner',
      parse: parseToken,
      env: ENV.adminToken,
    },
    allowedHosts: {
      value: 'hosts',
      help: `Host headers to answer besides localhost, IP addresses and the --public-url host, e.g. mock or .example.com (and subdomains); repeat it or separate names with commas; ${ANY_HOST} for any (others: 403)`,
      parse: collectAllowedHosts,
    },
    handlers: {
      value: 'file',
      help: 'ES module exporting your own msw handlers (as "handlers" or default), tried before the mock',
      parse: parseNonEmpty('a path to a JavaScript module'),
    },
    journalSize: integerSpec(
      'number',
      OPTION_RULES.journalSize,
      ' at /__mock/requests',
    ),
    clientReport: {
      negated: true,
      help: 'when the server stops, leave out the report of what the client did against the rules (docs/client-report.md)',
    },
    headersTimeout: integerSpec('ms', TIMEOUT_RULES.headersTimeout),
    requestTimeout: integerSpec('ms', TIMEOUT_RULES.requestTimeout),
    keepAliveTimeout: integerSpec('ms', TIMEOUT_RULES.keepAliveTimeout),
    idleTimeout: integerSpec('ms', TIMEOUT_RULES.idleTimeout),
    shutdownTimeout: integerSpec('ms', TIMEOUT_RULES.shutdownTimeout),
  }),

  ...inHelpGroup('fleet', {
    redis: {
      value: 'url',
      help: 'share state with the other replicas of a fleet through this Redis: redis://host:6379, rediss://… or a unix socket path',
      parse: parseNonEmpty('a redis:// or rediss:// URL, or a socket path'),
      env: ENV.redis,
    },
    redisPrefix: {
      value: 'name',
      help: "with --redis: the names of the fleet's keys start with it, so that several fleets share one Redis",
      shownDefault: DEFAULT_FLEET_PREFIX,
      parse: parseNonEmpty('a name such as ci-job-42'),
      env: ENV.redisPrefix,
    },
    redisOffline: {
      value: 'choice',
      help: 'with --redis: what a replica that cannot show it holds every acknowledged change does with API requests: refuse them (503), or serve its last state (for a demo that must keep answering; docs/replicas.md)',
      choices: ['refuse', 'serve-last-state'],
      shownDefault: 'refuse',
    },
    assetSecret: {
      value: 'secret',
      help: "sign asset URLs with this secret, so that replicas given the same one accept each other's URLs",
      shownDefault: "random per process, or the fleet's with --redis",
      parse: parseNonEmpty('a secret of at least one character'),
      env: ENV.assetSecret,
    },
  }),

  ...inHelpGroup('service', {
    proxy: {
      value: 'url',
      help: "forward API requests naming a project or content ID the mock's data does not hold to the real service at this base URL, e.g. https://api.example.com/public-api/v1, with the caller's Authorization",
      parse: urlFlag(parseUpstreamUrl),
    },
    proxyAll: {
      help: 'with --proxy: forward every API GET and HEAD, not only those naming unknown IDs',
    },
    record: {
      value: 'file',
      help: 'with --proxy: add the 200 answers that pass through to this fixture document (created, or added to when it exists)',
      parse: parseNonEmpty('a path to a JSON file'),
    },
  }),
} as const satisfies OptionTable

/** What `content-api-mock` (`serve`) was asked for, checked and typed. */
export type ServeOptions = OptionValues<typeof SERVE_OPTION_TABLE> & {
  /** The environment variables that gave options their values, e.g. `['PORT']`. */
  environment: string[]
}
