import {
  describeIntegerRule,
  TOKEN_EXPECTED,
} from '../../schema/option-rules.js'
import { SERVER_OPTION_RULES } from '../../server/connections/defaults.js'

export interface EnvironmentVariable {
  readonly name: string
  /** What it sets, for the help's Environment list. */
  readonly summary: string
  /** What a usable value is, for the line a bad value gets. */
  readonly expected?: string
  /** The value is kept out of that line: a key, a secret, a URL with a password. */
  readonly secret?: boolean
}

/**
 * The one home of the environment variables the project reads (only the CLI
 * does, through its io): option rows, `--help` and messages take them from here.
 */
export const ENVIRONMENT_VARIABLES = {
  port: {
    name: 'PORT',
    summary: 'the port to listen on',
    expected: `a port, ${describeIntegerRule(SERVER_OPTION_RULES.port)}`,
  },
  host: {
    name: 'HOST',
    summary: 'the address to listen on',
    expected: 'an address to listen on such as 127.0.0.1 or 0.0.0.0',
  },
  redis: {
    name: 'CONTENT_API_MOCK_REDIS_URL',
    summary: 'the Redis of the fleet to join',
    expected: 'a redis:// or rediss:// URL, or a unix socket path',
    secret: true,
  },
  redisPrefix: {
    name: 'CONTENT_API_MOCK_REDIS_PREFIX',
    summary: "the start of the fleet's key names",
    expected: 'a name such as ci-job-42',
  },
  assetSecret: {
    name: 'CONTENT_API_MOCK_ASSET_SECRET',
    summary: 'the secret asset URLs are signed with',
    expected: 'a secret of at least one character',
    secret: true,
  },
  adminToken: {
    name: 'CONTENT_API_MOCK_ADMIN_TOKEN',
    summary:
      "the control API's token, given as a container's or platform's secret",
    expected: TOKEN_EXPECTED,
    secret: true,
  },
  serviceApiKey: {
    name: 'CONTENT_API_KEY',
    summary:
      'the key of the real service for record and verify, kept out of shell history',
    expected:
      'the key as the service issued it: visible ASCII characters without spaces',
    secret: true,
  },
  noColor: {
    name: 'NO_COLOR',
    summary: 'any value but empty: no colors in the banner and the request log',
  },
} as const satisfies Record<string, EnvironmentVariable>
