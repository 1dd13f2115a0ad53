import { InvalidArgumentError, Option } from 'commander'
import { DEFAULT_API_PREFIX } from '../../api/api-prefix.js'
import { fromEnvironment } from '../cli-command.js'

/**
 * The environment variable the commands that read a real service (`record`,
 * `verify`) take its API key from when `--api-key` is not given, so that the
 * key stays out of shell history and CI logs.
 * @example
 * const apiKey = options.apiKey ?? env[SERVICE_API_KEY_ENV]
 */
export const SERVICE_API_KEY_ENV = 'CONTENT_API_KEY'

const EXAMPLE = 'https://api.example.com/public-api/v1'

/**
 * Reads `--target`: the service's base URL (the spec's `{base_url}`, with
 * its version prefix), an absolute http(s) URL without credentials, query or
 * fragment. A bare origin gets the spec's `/public-api/v1`; a trailing `/`
 * goes, as endpoint paths start with one.
 * @throws {InvalidArgumentError} naming what is wrong with it.
 * @example
 * parseTargetFlag('http://127.0.0.1:4010') // 'http://127.0.0.1:4010/public-api/v1'
 */
export function parseTargetFlag(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidArgumentError(
      `"${value}" is not a URL. Expected the service's base URL with its version prefix, such as ${EXAMPLE}.`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(
      `Expected an http:// or https:// URL, such as ${EXAMPLE}; got ${url.protocol}//.`,
    )
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new InvalidArgumentError(
      `Expected a base URL without credentials, query or fragment, such as ${EXAMPLE}; the key goes in --api-key or $${SERVICE_API_KEY_ENV}.`,
    )
  }
  const base = url.href.replace(/\/+$/, '')
  return url.pathname === '/' ? `${base}${DEFAULT_API_PREFIX}` : base
}

/**
 * Reads `--api-key` (or `$CONTENT_API_KEY`): the key as the service issued
 * it, visible ASCII without spaces, so it fits an `Authorization` header;
 * spaces around it (a variable read from a file ends with a newline) go.
 * @throws {InvalidArgumentError} for anything else.
 * @example
 * parseServiceApiKey('sk_live_123') // 'sk_live_123'
 */
export function parseServiceApiKey(text: string): string {
  const value = text.trim()
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidArgumentError(
      'Expected the key as the service issued it: visible ASCII characters without spaces.',
    )
  }
  return value
}

/**
 * `--target` of the commands that read a real service.
 * @example
 * command.addOption(targetOption("the service's base URL with its version prefix"))
 */
export function targetOption(description: string): Option {
  return new Option('--target <url>', description).argParser(parseTargetFlag)
}

/**
 * `--api-key` of the commands that read a real service, else
 * `$CONTENT_API_KEY`; a bad value of the variable is not echoed.
 * @example
 * command.addOption(serviceApiKeyOption('an API key of the service'))
 */
export function serviceApiKeyOption(description: string): Option {
  return fromEnvironment(
    new Option('--api-key <key>', description).argParser(parseServiceApiKey),
    SERVICE_API_KEY_ENV,
    {
      expected:
        'the key as the service issued it: visible ASCII characters without spaces',
      secret: true,
    },
  )
}
