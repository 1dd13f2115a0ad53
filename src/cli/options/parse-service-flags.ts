import { InvalidArgumentError } from 'commander'
import { DEFAULT_API_PREFIX } from '../../api/api-prefix.js'
import type { CliOptionSpec } from './cli-option-spec.js'
import { ENVIRONMENT_VARIABLES } from './environment-variables.js'

const API_KEY_VARIABLE = ENVIRONMENT_VARIABLES.serviceApiKey

const EXAMPLE = 'https://api.example.com/public-api/v1'

/**
 * Reads `--target`: the spec's `{base_url}`, an http(s) URL without
 * credentials, query or fragment. A bare origin gets the spec's
 * `/public-api/v1`; a trailing `/` goes, as endpoint paths start with one.
 */
function parseTargetFlag(value: string): string {
  if (!URL.canParse(value)) {
    throw new InvalidArgumentError(
      `"${value}" is not a URL. Expected the service's base URL with its version prefix, such as ${EXAMPLE}.`,
    )
  }
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(
      `Expected an http:// or https:// URL, such as ${EXAMPLE}; got ${url.protocol}//.`,
    )
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError(
      `Expected a base URL without credentials, query or fragment, such as ${EXAMPLE}; the key goes in --api-key or $${API_KEY_VARIABLE.name}.`,
    )
  }
  const base = url.href.replace(/\/+$/, '')
  return url.pathname === '/' ? `${base}${DEFAULT_API_PREFIX}` : base
}

// Visible ASCII fits an `Authorization` header; spaces around it go (a
// variable read from a file ends with a newline).
function parseServiceApiKey(text: string): string {
  const value = text.trim()
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidArgumentError(
      'Expected the key as the service issued it: visible ASCII characters without spaces.',
    )
  }
  return value
}

/**
 * The rows of `record`'s and `verify`'s options for the real service; the
 * key may come from `$CONTENT_API_KEY`, out of shell history and CI logs.
 */
export const SERVICE_OPTIONS = {
  target: {
    value: 'url',
    help: "the service's base URL with its version prefix (required; a bare origin gets /public-api/v1)",
    parse: parseTargetFlag,
  },
  apiKey: {
    value: 'key',
    help: 'an API key of the service',
    parse: parseServiceApiKey,
    env: API_KEY_VARIABLE,
  },
} as const satisfies Record<string, CliOptionSpec>
