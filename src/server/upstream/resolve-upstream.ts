import { OptionsError, type OptionIssue } from '../../schema/options-error.js'
import { parseUpstreamUrl } from './parse-upstream-url.js'

/**
 * How long the server waits for upstream (the real service it forwards to), from
 * sending a request to the last byte of its answer, unless `upstream.timeout`
 * says otherwise.
 * @example
 * createContentApiServer({ upstream: { url, timeout: DEFAULT_UPSTREAM_TIMEOUT_MS * 2 } })
 */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000

/**
 * One answer of the real service that passed through the mock with status
 * 200, for `upstream.onAnswer` (the CLI's `--record` builds a fixture
 * document from them).
 */
export interface UpstreamAnswer {
  /** `listProjects`, `getProject`, `listContents` or `getContent`. */
  endpoint: string
  /** The path below the API prefix as sent, e.g. `/projects/p1/contents`. */
  path: string
  /** The raw query string without `?`; empty when there is none. */
  query: string
  status: number
  /** The body as the real service sent it (decoded from any gzip). */
  body: string
}

/**
 * Forwarding to upstream (`--proxy`): the real service behind the mock, which answers
 * the API requests the mock cannot. Not to be confused with `publicUrl` and
 * `trustProxy`, which are about a reverse proxy in front of the mock.
 */
export interface UpstreamOptions {
  /**
   * The real service's base URL, version prefix included, e.g.
   * `https://api.example.com/public-api/v1`. Fixed here: nothing a request
   * sends changes where it is forwarded.
   */
  url: string
  /**
   * Forward every GET and HEAD under the API prefix, not just those naming a
   * project or content ID the mock's data does not hold (default `false`).
   */
  all?: boolean
  /**
   * Milliseconds to wait for the real service's whole answer (default
   * 30,000): 504 when no headers came by then, a cut body when they did.
   */
  timeout?: number
  /** Called with every 200 answer of the four endpoints that passed through. */
  onAnswer?: (answer: UpstreamAnswer) => void
}

export interface Upstream extends Required<Omit<UpstreamOptions, 'onAnswer'>> {
  origin: string
  basePath: string
  onAnswer?: UpstreamOptions['onAnswer']
}

/** @throws {OptionsError} naming each bad field. */
export function resolveUpstream(options: unknown): Upstream | undefined {
  if (options === undefined) return undefined
  const issues: OptionIssue[] = []
  const given = (
    typeof options === 'object' && options !== null ? options : {}
  ) as Partial<Record<keyof UpstreamOptions, unknown>>
  if (typeof options !== 'object' || options === null) {
    issues.push({
      path: 'upstream',
      message:
        'expected an object such as { url: "https://api.example.com/public-api/v1" }',
    })
  }
  const parsed =
    typeof given.url === 'string'
      ? parseUpstreamUrl(given.url)
      : {
          ok: false as const,
          problem: "expected the real service's base URL as a string",
        }
  if (!parsed.ok && issues.length === 0) {
    issues.push({ path: 'upstream.url', message: parsed.problem })
  }
  if (given.all !== undefined && typeof given.all !== 'boolean') {
    issues.push({ path: 'upstream.all', message: 'expected true or false' })
  }
  const timeout = given.timeout ?? DEFAULT_UPSTREAM_TIMEOUT_MS
  if (
    typeof timeout !== 'number' ||
    !Number.isSafeInteger(timeout) ||
    timeout < 1
  ) {
    issues.push({
      path: 'upstream.timeout',
      message: 'expected a whole number of milliseconds, 1 or more',
    })
  }
  if (given.onAnswer !== undefined && typeof given.onAnswer !== 'function') {
    issues.push({ path: 'upstream.onAnswer', message: 'expected a function' })
  }
  if (issues.length > 0 || !parsed.ok) {
    throw OptionsError.for(
      'content-api-mock server options',
      issues,
      'Every option is described in docs/options.md of the content-api-mock package.',
    )
  }
  return {
    url: parsed.url,
    origin: parsed.origin,
    basePath: parsed.basePath,
    all: given.all === true,
    timeout: timeout as number,
    ...(given.onAnswer !== undefined && {
      onAnswer: given.onAnswer as (answer: UpstreamAnswer) => void,
    }),
  }
}
