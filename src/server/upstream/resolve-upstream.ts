import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { checkParsed } from '../host/check-parsed.js'
import { parseServerOptions } from '../host/parse-server-options.js'
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

const upstreamSchema = z.object(
  {
    /**
     * The real service's base URL, version prefix included, e.g.
     * `https://api.example.com/public-api/v1`. Fixed here: nothing a request
     * sends changes where it is forwarded.
     */
    url: z
      .string({ error: "expected the real service's base URL as a string" })
      .transform(checkParsed(parseUpstreamUrl)),
    /**
     * Forward every GET and HEAD under the API prefix, not just those naming a
     * project or content ID the mock's data does not hold (default `false`).
     */
    all: z.boolean({ error: 'expected true or false' }).default(false),
    /**
     * Milliseconds to wait for the real service's whole answer (default
     * 30,000): 504 when no headers came by then, a cut body when they did.
     */
    timeout: z
      .custom<number>(
        (value) => Number.isSafeInteger(value) && (value as number) >= 1,
        'expected a whole number of milliseconds, 1 or more',
      )
      .default(DEFAULT_UPSTREAM_TIMEOUT_MS),
    /** Called with every 200 answer of the four endpoints that passed through. */
    onAnswer: z
      .custom<(answer: UpstreamAnswer) => void>(
        (value) => typeof value === 'function',
        'expected a function',
      )
      .optional(),
  },
  {
    error:
      'expected an object such as { url: "https://api.example.com/public-api/v1" }',
  },
)

/**
 * Forwarding to upstream (`--proxy`): the real service behind the mock, which answers
 * the API requests the mock cannot. Not to be confused with `publicUrl` and
 * `trustProxy`, which are about a reverse proxy in front of the mock.
 */
export type UpstreamOptions = z.input<typeof upstreamSchema>

export type Upstream = NonNullable<ReturnType<typeof resolveUpstream>>

/** @throws {OptionsError} naming each bad field. */
export function resolveUpstream(options: unknown) {
  if (options === undefined) return undefined
  const { url, ...rest } = parseServerOptions(
    z.object({ upstream: upstreamSchema }),
    { upstream: options },
  ).upstream
  return {
    ...rest,
    url: url.url,
    origin: url.origin,
    basePath: url.basePath,
    // This server's own name in `Via`: a request that comes back to it (an
    // upstream URL pointing at the mock itself) is answered 502, not
    // forwarded again.
    via: `1.1 content-api-mock-${randomUUID().slice(0, 8)}`,
  }
}
