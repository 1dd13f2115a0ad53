// @note Kept free of runtime imports, so the CLI can print its help without
// loading the server.
import type {
  IntegerOptionRule,
  TokenOptionRule,
} from '../../schema/option-rules.js'

/**
 * The rules of the server's own options, in the form of `OPTION_RULES`: the
 * defaults below and the CLI's `--host` and `--port` (bounds, default, help)
 * are derived from it. The environment variables the CLI reads them from
 * are the CLI's (`cli/options/environment-variables.ts`).
 */
export const SERVER_OPTION_RULES = {
  host: {
    default: '127.0.0.1',
    summary: 'interface to listen on',
  },
  port: {
    min: 0,
    max: 65_535,
    default: 4010,
    summary: 'port to listen on; 0 picks a free one',
  },
} as const satisfies {
  host: Pick<TokenOptionRule, 'default' | 'summary'>
  port: IntegerOptionRule
}

/**
 * The port the server listens on unless told otherwise.
 * @example
 * fetch(`http://127.0.0.1:${DEFAULT_PORT}/__mock/health`)
 */
export const DEFAULT_PORT = SERVER_OPTION_RULES.port.default

/**
 * The interface the server listens on unless told otherwise: loopback only.
 * @example
 * createContentApiServer({ host: DEFAULT_HOST, port: 0 })
 */
export const DEFAULT_HOST = SERVER_OPTION_RULES.host.default
