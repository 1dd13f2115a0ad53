import { Option } from 'commander'
import { describeIntegerRule, OPTION_RULES } from '../../schema/option-rules.js'
import {
  RATE_LIMIT_ALGORITHMS,
  RATE_LIMIT_HEADER_STYLES,
  SCENARIO_PRESETS,
} from '../../schema/scenario.js'
import { VARIANT_NAMES } from '../../schema/variants.js'
import { SERVER_OPTION_RULES } from '../../server/connections/defaults.js'
import { MEDIA_FILE_SIZE_RULE } from '../../server/files/read-media-directory.js'
import { DEFAULT_FLEET_PREFIX } from '../../server/fleet/fleet-options.js'
import { ANY_HOST } from '../../server/host/parse-allowed-hosts.js'
import { parsePublicUrl } from '../../server/host/parse-public-url.js'
import { parseUpstreamUrl } from '../../server/upstream/parse-upstream-url.js'
import {
  TIMEOUT_RULES,
  type ServerTimeouts,
} from '../../server/connections/server-timeouts.js'
import { fromEnvironment, type CliCommand } from '../cli-command.js'
import { CLI_NAME } from '../create-cli-log.js'
import { CliError } from '../cli-error.js'
import { collectVariants } from '../collect-variants.js'
import {
  describeDefault,
  integerOption,
  parseInteger,
  parseNonEmpty,
} from '../option-parsers.js'
import {
  collectAllowedHosts,
  collectOrigins,
  parseApiKey,
  parseToken,
  urlFlag,
} from '../parse-serve-flags.js'
import {
  collectScenario,
  parseFailRate,
  parseLatency,
  parseRateLimit,
} from '../parse-traffic-flags.js'
import { serveMock } from '../serve-mock.js'
import * as dataset from './dataset-options.js'
import { NO_ADMIN_TOKEN, type ServeOptions } from '../serve-options.js'

/**
 * The environment variable `--asset-secret` falls back to.
 */
export const ASSET_SECRET_ENV = 'CONTENT_API_MOCK_ASSET_SECRET'

/** The environment variable `--redis` falls back to. */
export const REDIS_ENV = 'CONTENT_API_MOCK_REDIS_URL'

/** The environment variable `--redis-prefix` falls back to. */
export const REDIS_PREFIX_ENV = 'CONTENT_API_MOCK_REDIS_PREFIX'

/**
 * What `content-api-mock --help` and `content-api-mock serve --help` end
 * with.
 */
export const SERVE_HELP_AFTER = `
Examples:
  $ ${CLI_NAME}                                   demo data on http://127.0.0.1:${SERVER_OPTION_RULES.port.default}
  $ ${CLI_NAME} --seed 7 --contents 500 --port 8080
  $ ${CLI_NAME} --live --seed 7 --speed 10         a demo whose contents keep generating
  $ ${CLI_NAME} --fixtures fixtures.json --watch
  $ ${CLI_NAME} --fixtures fixtures.json --seed 7 --fail-rate 0.05
  $ ${CLI_NAME} --port 0 --log json               a free port, JSON request log
  $ ${CLI_NAME} --rate-limit 3/1m --latency 50-200 --fail-rate 0.05
  $ ${CLI_NAME} --host 0.0.0.0 --public-url https://demo.example.com
  $ ${CLI_NAME} --fixtures fixtures.json --proxy https://api.example.com/public-api/v1

Exit codes: 0 after --help, --version or SIGINT/SIGTERM; 2 for a bad flag,
PORT or HOST variable, fixture file, handlers file or a port in use (nothing
is served); 1 after a second SIGINT/SIGTERM, which exits at once.`

/**
 * The mock's description, for the program's help and `serve`'s.
 */
export const SERVE_DESCRIPTION =
  'Serves a mock of the Content Project Read API on a local port: seeded demo data or your fixture file, real asset URLs, CORS and a control API under /__mock.'

/**
 * Declares `serve`, the default command: its options (each with its rule,
 * variable and parser), and its action, which serves until SIGINT/SIGTERM.
 * @example
 * declareServeCommand(program.command('serve', { isDefault: true }))
 */
export function declareServeCommand(command: CliCommand): CliCommand {
  const { host, port } = SERVER_OPTION_RULES
  return command
    .description(SERVE_DESCRIPTION)
    .summary('serve the mock on a local port (the default command)')
    .addOption(
      fromEnvironment(
        new Option('--host <address>', host.summary)
          .default(host.default, `$${host.env}, else ${host.default}`)
          .argParser(parseNonEmpty('an address such as 127.0.0.1 or 0.0.0.0')),
        host.env,
        { expected: 'an address to listen on such as 127.0.0.1 or 0.0.0.0' },
      ),
    )
    .addOption(
      fromEnvironment(
        new Option('-p, --port <number>', port.summary)
          .default(
            port.default,
            `$${port.env}, else ${SERVER_OPTION_RULES.port.default}`,
          )
          .argParser(parseInteger(port)),
        port.env,
        { expected: `a port, ${describeIntegerRule(port)}` },
      ),
    )
    .addOption(
      new Option(
        '--public-url <url>',
        'the URL clients reach the mock at through a proxy or platform, e.g. https://demo.example.com; links and asset URLs use it',
      ).argParser(urlFlag(parsePublicUrl)),
    )
    .addOption(
      new Option(
        '--trust-proxy',
        "build asset URLs from a reverse proxy's Forwarded and X-Forwarded-Proto/-Host headers (default: ignored)",
      ),
    )
    .addOption(dataset.seedOption('; with --fixtures, of the draws only'))
    .addOption(integerOption('--projects <number>', OPTION_RULES.projects))
    .addOption(integerOption('--contents <number>', OPTION_RULES.contents))
    .addOption(
      new Option(
        '--api-key <key>',
        `${OPTION_RULES.apiKey.summary}${describeDefault(OPTION_RULES.apiKey.default)}`,
      ).argParser(parseApiKey),
    )
    .addOption(dataset.fixturesOption())
    .addOption(
      new Option(
        '-w, --watch',
        'reload the --fixtures file whenever it changes',
      ),
    )
    .addOption(dataset.liveOption())
    .addOption(dataset.speedOption())
    .addOption(integerOption('--asset-ttl <seconds>', OPTION_RULES.assetTtl))
    .addOption(
      fromEnvironment(
        new Option(
          '--asset-secret <secret>',
          "sign asset URLs with this secret, so that replicas given the same one accept each other's URLs (default: random per process)",
        ).argParser(parseNonEmpty('a secret of at least one character')),
        ASSET_SECRET_ENV,
        { expected: 'a secret of at least one character', secret: true },
      ),
    )
    .addOption(dataset.mediaDirOption())
    .addOption(
      integerOption('--media-max-file-size <bytes>', MEDIA_FILE_SIZE_RULE),
    )
    .addOption(
      new Option('--list-order <order>', OPTION_RULES.listOrder.summary)
        .choices(OPTION_RULES.listOrder.choices)
        .default(OPTION_RULES.listOrder.default),
    )
    .addOption(
      new Option(
        '--cors-origin <origin>',
        'allow only this browser origin; repeat it or separate origins with commas (default: any origin)',
      ).argParser(collectOrigins),
    )
    .addOption(
      new Option(
        '--admin-token <token>',
        `require "Authorization: Bearer <token>" on the control API under /__mock; ${NO_ADMIN_TOKEN} leaves it open (default: open on a loopback --host, else a token generated and printed in the banner)`,
      ).argParser(parseToken),
    )
    .addOption(
      new Option(
        '--allowed-hosts <hosts>',
        `Host headers to answer besides localhost, IP addresses and the --public-url host, e.g. mock or .example.com (and subdomains); repeat it or separate names with commas; ${ANY_HOST} for any (others: 403)`,
      ).argParser(collectAllowedHosts),
    )
    .addOption(
      new Option(
        '--handlers <file>',
        'ES module exporting your own msw handlers (as "handlers" or default), tried before the mock',
      ).argParser(parseNonEmpty('a path to a JavaScript module')),
    )
    .addOption(
      new Option(
        '--proxy <url>',
        "forward API requests naming a project or content ID the mock's data does not hold to the real service at this base URL, e.g. https://api.example.com/public-api/v1, with the caller's Authorization",
      ).argParser(urlFlag(parseUpstreamUrl)),
    )
    .addOption(
      new Option(
        '--proxy-all',
        'with --proxy: forward every API GET and HEAD, not only those naming unknown IDs',
      ),
    )
    .addOption(
      new Option(
        '--record <file>',
        'with --proxy: add the 200 answers that pass through to this fixture document (created, or added to when it exists)',
      ).argParser(parseNonEmpty('a path to a JSON file')),
    )
    .addOption(
      fromEnvironment(
        new Option(
          '--redis <url>',
          'share state with the other replicas of a fleet through this Redis: redis://host:6379, rediss://… or a unix socket path (docs/replicas.md)',
        ).argParser(
          parseNonEmpty('a redis:// or rediss:// URL, or a socket path'),
        ),
        REDIS_ENV,
        {
          expected: 'a redis:// or rediss:// URL, or a unix socket path',
          secret: true,
        },
      ),
    )
    .addOption(
      fromEnvironment(
        new Option(
          '--redis-prefix <name>',
          `with --redis: the names of the fleet's keys start with it, so that several fleets share one Redis (default: ${DEFAULT_FLEET_PREFIX})`,
        ).argParser(parseNonEmpty('a name such as ci-job-42')),
        REDIS_PREFIX_ENV,
        { expected: 'a name such as ci-job-42' },
      ),
    )
    .addOption(
      new Option(
        '--redis-offline <choice>',
        'with --redis: what a replica that cannot show it holds every acknowledged change does with API requests: refuse them (503), or serve its last state (for a demo that must keep answering; docs/replicas.md)',
      ).choices(['refuse', 'serve-last-state']),
    )
    .addOption(
      new Option(
        '--rate-limit <count/window>',
        'limit each API key to COUNT requests per WINDOW (s, m or h), e.g. 60/1m; 429 with Retry-After beyond it',
      ).argParser(parseRateLimit),
    )
    .addOption(
      new Option(
        '--rate-limit-algorithm <algorithm>',
        'how --rate-limit counts',
      )
        .choices(RATE_LIMIT_ALGORITHMS)
        .default(RATE_LIMIT_ALGORITHMS[0]),
    )
    .addOption(
      new Option(
        '--rate-limit-headers <style>',
        'RateLimit-* (seconds to reset) or X-RateLimit-* (epoch seconds) headers',
      )
        .choices(RATE_LIMIT_HEADER_STYLES)
        .default(RATE_LIMIT_HEADER_STYLES[0]),
    )
    .addOption(
      new Option(
        '--latency <ms>',
        'delay every API response: one number of milliseconds, or a range such as 50-200',
      ).argParser(parseLatency),
    )
    .addOption(
      new Option(
        '--fail-rate <share>',
        'answer this share of API requests with 500, from 0 to 1 (drawn from --seed, also with --fixtures)',
      ).argParser(parseFailRate),
    )
    .addOption(
      new Option(
        '--scenario <name>',
        `force a preset on every API request; repeatable (${SCENARIO_PRESETS.join(', ')})`,
      ).argParser(collectScenario),
    )
    .addOption(
      new Option(
        '--variant <names>',
        `serve variants of the real service, comma-separated; repeatable (${VARIANT_NAMES.join(', ')})`,
      ).argParser(collectVariants),
    )
    .addOption(
      new Option(
        '--strict',
        'ignore the X-Mock-Scenario and X-Mock-Variant request headers',
      ),
    )
    .addOption(
      integerOption(
        '--journal-size <number>',
        OPTION_RULES.journalSize,
        ' at /__mock/requests',
      ),
    )
    .addOption(
      integerOption('--headers-timeout <ms>', TIMEOUT_RULES.headersTimeout),
    )
    .addOption(
      integerOption('--request-timeout <ms>', TIMEOUT_RULES.requestTimeout),
    )
    .addOption(
      integerOption(
        '--keep-alive-timeout <ms>',
        TIMEOUT_RULES.keepAliveTimeout,
      ),
    )
    .addOption(integerOption('--idle-timeout <ms>', TIMEOUT_RULES.idleTimeout))
    .addOption(
      integerOption('--shutdown-timeout <ms>', TIMEOUT_RULES.shutdownTimeout),
    )
    .addOption(
      new Option(
        '--log <format>',
        'request log on stdout, one line per request',
      )
        .choices(['pretty', 'json', 'off'])
        .default('pretty'),
    )
    .addHelpText('after', SERVE_HELP_AFTER)
    .declareConflicts()
    .action(async (values: ServeOptions) => {
      const options: ServeOptions = {
        ...values,
        watch: values.watch === true,
        strict: values.strict === true,
        live: values.live === true,
        trustProxy: values.trustProxy === true,
        proxyAll: values.proxyAll === true,
        environment: (['host', 'port'] as const)
          .filter((key) => command.getOptionValueSource(key) === 'env')
          .map((key) => SERVER_OPTION_RULES[key].env),
      }
      checkTimeouts(options)
      command.context.exitCode = await serveMock(options, command.context)
    })
}

function checkTimeouts(options: Partial<ServerTimeouts>): void {
  const { headersTimeout: headers, requestTimeout: request } = options
  if (headers !== undefined && request !== undefined && request !== 0) {
    if (headers > request) {
      throw new CliError(
        `--headers-timeout ${headers} is longer than --request-timeout ${request}, which includes the headers. Lower --headers-timeout or raise --request-timeout.`,
      )
    }
  }
}
