import { describeIntegerRule } from '../schema/option-rules.js'
import { SERVER_OPTION_RULES } from '../server/connections/defaults.js'
import { CliError } from './cli-error.js'
import { parseWholeNumber } from './parse-whole-number.js'

/**
 * The host and port read from the environment, and the names of the
 * variables they came from.
 */
export interface EnvironmentDefaults {
  host?: string
  port?: number
  /** E.g. `['PORT']`: for messages about a host or port that does not work. */
  environment: string[]
}

/**
 * Where to listen when `--host` or `--port` is not given: the `HOST` and
 * `PORT` environment variables, which hosting platforms (Heroku, Render,
 * Cloud Run, Fly.io…) set to tell a process where to listen. A flag wins,
 * and then its variable is not read at all; an empty variable counts as unset.
 * @throws {CliError} naming the variable when its value is unusable.
 * @example
 * readEnvironmentDefaults({ host: false, port: false }, { PORT: '8080' })
 * // { port: 8080, environment: ['PORT'] }
 */
export function readEnvironmentDefaults(
  given: { host: boolean; port: boolean },
  env: Readonly<Record<string, string | undefined>>,
): EnvironmentDefaults {
  const { host: hostRule, port: portRule } = SERVER_OPTION_RULES
  const result: EnvironmentDefaults = { environment: [] }
  const hostText = given.host ? undefined : env[hostRule.env]
  if (hostText !== undefined && hostText !== '') {
    if (hostText.trim() === '') {
      throw invalid(
        hostRule.env,
        hostText,
        'an address to listen on such as 127.0.0.1 or 0.0.0.0',
        '--host',
      )
    }
    result.host = hostText
    result.environment.push(hostRule.env)
  }
  const portText = given.port ? undefined : env[portRule.env]
  if (portText !== undefined && portText !== '') {
    const port = parseWholeNumber(portText, portRule)
    if (port === undefined) {
      throw invalid(
        portRule.env,
        portText,
        `a port, ${describeIntegerRule(portRule)}`,
        '--port',
      )
    }
    result.port = port
    result.environment.push(portRule.env)
  }
  return result
}

function invalid(
  name: string,
  value: string,
  expected: string,
  flag: string,
): CliError {
  return new CliError(
    `The environment variable ${name} is ${JSON.stringify(value)}; expected ${expected}. Fix or unset ${name}, or pass ${flag}, which wins over it.`,
  )
}
