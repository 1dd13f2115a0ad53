import { InvalidArgumentError } from 'commander'
import { mainApiKeySchema } from '../../data/main-api-key-schema.js'
import {
  OPTION_RULES,
  TOKEN_EXPECTED,
  TOKEN_PATTERN,
} from '../../schema/option-rules.js'
import {
  ANY_HOST,
  parseAllowedHost,
} from '../../server/host/parse-allowed-hosts.js'

/** The value of `--admin-token` that leaves the control API open on purpose, also beyond loopback. */
export const NO_ADMIN_TOKEN = 'none'

/** The parser of a URL flag: the checked URL, or the check's problem as the flag's error. */
export function urlFlag(
  parse: (
    value: string,
  ) => { ok: true; url: string } | { ok: false; problem: string },
) {
  return (value: string): string => {
    const result = parse(value)
    if (!result.ok) {
      throw new InvalidArgumentError(
        `${result.problem.charAt(0).toUpperCase()}${result.problem.slice(1)}.`,
      )
    }
    return result.url
  }
}

export function parseToken(value: string): string {
  if (!TOKEN_PATTERN.test(value)) {
    throw new InvalidArgumentError(`Expected ${TOKEN_EXPECTED}.`)
  }
  return value
}

/** Reads serve's `--api-key`: the generated dataset's main key, not one of the other demo keys. */
export function parseApiKey(value: string): string {
  const result = mainApiKeySchema.safeParse(value)
  if (!result.success) {
    const problem = result.error.issues[0]?.message ?? 'invalid'
    throw new InvalidArgumentError(
      `${problem.charAt(0).toUpperCase()}${problem.slice(1)}, or leave --api-key out to use ${OPTION_RULES.apiKey.default}.`,
    )
  }
  return value
}

export function collectOrigins(
  value: string,
  previous: string[] | undefined,
): string[] {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
  if (origins.length === 0) {
    throw new InvalidArgumentError(
      'Expected an origin such as http://localhost:3000, or * for any.',
    )
  }
  for (const origin of origins) {
    const isOrigin = URL.canParse(origin) && new URL(origin).origin === origin
    if (origin !== '*' && !isOrigin) {
      throw new InvalidArgumentError(
        `"${origin}" is not an origin. Expected scheme, host and optional port, such as http://localhost:3000, or * for any.`,
      )
    }
  }
  return [...(previous ?? []), ...origins]
}

export function collectAllowedHosts(
  value: string,
  previous: string[] | typeof ANY_HOST | undefined,
): string[] | typeof ANY_HOST {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const all = entries.includes(ANY_HOST) || previous === ANY_HOST
  if (all && (entries.length > 1 || (previous ?? []).length > 0)) {
    throw new InvalidArgumentError(
      `${ANY_HOST} answers any Host and cannot be combined with host names. Give either ${ANY_HOST} or the names.`,
    )
  }
  if (all) return ANY_HOST
  if (entries.length === 0) {
    throw new InvalidArgumentError(
      `Expected a host name such as demo.example.com, or ${ANY_HOST} for any.`,
    )
  }
  const hosts = entries.map((entry) => {
    const result = parseAllowedHost(entry)
    if (!result.ok) throw new InvalidArgumentError(`${result.problem}.`)
    return result.host
  })
  return [...((previous as string[] | undefined) ?? []), ...hosts]
}
