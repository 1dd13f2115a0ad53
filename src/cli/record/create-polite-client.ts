import ky, { HTTPError, TimeoutError } from 'ky'
import PQueue from 'p-queue'
import { parseRetryAfter } from '../parse-retry-after.js'
import { POLITE_CLIENT_DEFAULTS } from './polite-client-defaults.js'

/** Options of `createPoliteClient`; each defaults to `POLITE_CLIENT_DEFAULTS`. */
export interface PoliteClientOptions {
  concurrency?: number
  rate?: number
  retries?: number
  backoffLimitMs?: number
  maxRetryAfterMs?: number
  timeoutMs?: number
  /** Headers sent with every request (such as `Authorization`). */
  headers?: Record<string, string>
  /** Told of each retry: the URL, the attempt to come (2…) and why. */
  onRetry?: (retry: { url: string; attempt: number; reason: string }) => void
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch
}

/** A request the client gave up on, after its retries. */
export interface PoliteFailure {
  url: string
  /** What went wrong last, in words: `HTTP 503`, `network error: …`, `timed out`. */
  reason: string
  /** The HTTP status of the last answer, if there was one. */
  status?: number
  attempts: number
}

/** The outcome of one request: the value read, or why there is none. */
export type PoliteOutcome<T> =
  { ok: true; value: T } | ({ ok: false } & PoliteFailure)

/** What the client did so far. */
export interface PoliteStats {
  /** Attempts sent, retries included. */
  requests: number
  retries: number
  /** Answers 429 received. */
  rateLimited: number
}

/** A polite HTTP client: see `createPoliteClient`. */
export interface PoliteClient {
  /**
   * GETs `url` and reads its body whole with `read` (default: parsed JSON),
   * retrying as the client's rules say, with `init.headers` on top of the
   * client's. Never rejects for a failed request: the outcome says what
   * failed, and `failures()` lists it.
   */
  get<T = unknown>(
    url: string,
    read?: (body: Response) => Promise<T>,
    init?: { headers?: Record<string, string> },
  ): Promise<PoliteOutcome<T>>
  /** The requests given up on so far, in the order they failed. */
  failures(): PoliteFailure[]
  stats(): PoliteStats
}

// @note Statuses with a body that `new Response()` refuses to carry.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * Creates a polite HTTP client for crawling a service: at most
 * `concurrency` requests in flight and `rate` started per second (one every
 * `1000 / rate` ms, retries included), each answer read whole inside its
 * attempt (so a connection dropped mid-body is retried like one dropped
 * before the headers). A 429, 5xx, timeout or network error is retried up to
 * `retries` times with exponential backoff up to `backoffLimitMs`; a 429 or
 * 503 with `Retry-After` (seconds or HTTP-date) waits what it asks, up to
 * `maxRetryAfterMs`, and a 429 also holds every other request back as long.
 * @note ky does the retrying (backoff, `Retry-After` in both forms, network
 * errors, timeouts); p-queue the concurrency and the pace. The pace gate
 * sits in ky's `fetch`, so retries are paced too.
 * @example
 * const client = createPoliteClient({ headers: { authorization: `Bearer ${key}` } })
 * const outcome = await client.get(`${base}/projects`)
 * if (outcome.ok) console.log(outcome.value)
 * else console.error(`${outcome.url}: ${outcome.reason}`)
 */
export function createPoliteClient(
  options: PoliteClientOptions = {},
): PoliteClient {
  const settings = { ...POLITE_CLIENT_DEFAULTS, ...withoutUndefined(options) }
  const baseFetch = options.fetch ?? globalThis.fetch
  const slots = new PQueue({ concurrency: settings.concurrency })
  const pace = new PQueue({
    concurrency: Number.POSITIVE_INFINITY,
    intervalCap: 1,
    interval: Math.max(1, Math.ceil(1000 / settings.rate)),
  })
  const failed: PoliteFailure[] = []
  const stats: PoliteStats = { requests: 0, retries: 0, rateLimited: 0 }
  let holdUntil = 0
  let resume: ReturnType<typeof setTimeout> | undefined

  const hold = (ms: number): void => {
    const until = Date.now() + Math.min(ms, settings.maxRetryAfterMs)
    if (until <= holdUntil) return
    holdUntil = until
    pace.pause()
    clearTimeout(resume)
    resume = setTimeout(() => pace.start(), until - Date.now())
    resume.unref?.()
  }

  const pacedFetch = async (
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> => {
    await pace.add(() => undefined)
    stats.requests++
    const response = await baseFetch(input, init)
    const body = NULL_BODY_STATUSES.has(response.status)
      ? null
      : await response.arrayBuffer()
    if (response.status === 429) {
      stats.rateLimited++
      const wait = parseRetryAfter(response.headers.get('retry-after'))
      if (wait !== undefined) hold(wait)
    }
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

  const client = ky.create({
    fetch: pacedFetch,
    headers: options.headers,
    timeout: settings.timeoutMs,
    retry: {
      limit: settings.retries,
      methods: ['get'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      maxRetryAfter: settings.maxRetryAfterMs,
      backoffLimit: settings.backoffLimitMs,
      delay: (attempt) => 500 * 2 ** (attempt - 1),
      retryOnTimeout: true,
    },
    hooks: {
      beforeRetry: [
        ({ request, error, retryCount }) => {
          stats.retries++
          options.onRetry?.({
            url: request.url,
            attempt: retryCount + 1,
            reason: describeError(error),
          })
        },
      ],
    },
  })

  return {
    async get<T>(
      url: string,
      read: (body: Response) => Promise<T> = (response) =>
        response.json() as Promise<T>,
      init: { headers?: Record<string, string> } = {},
    ): Promise<PoliteOutcome<T>> {
      let attempts = 1
      const counted = client.extend({
        hooks: { beforeRetry: [() => void attempts++] },
      })
      return slots.add(async (): Promise<PoliteOutcome<T>> => {
        try {
          const response = await counted.get(url, { headers: init.headers })
          return { ok: true, value: await read(response) }
        } catch (error) {
          const failure: PoliteFailure = {
            url,
            reason: describeError(error),
            attempts,
            ...(error instanceof HTTPError
              ? { status: error.response.status }
              : {}),
          }
          failed.push(failure)
          return { ok: false, ...failure }
        }
      }) as Promise<PoliteOutcome<T>>
    },
    failures: () => [...failed],
    stats: () => ({ ...stats }),
  }
}

function describeError(error: unknown): string {
  if (error instanceof HTTPError) return `HTTP ${error.response.status}`
  if (error instanceof TimeoutError) return 'timed out'
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return error.name === 'TypeError'
      ? `network error${cause || `: ${error.message}`}`
      : `${error.message}${cause}`
  }
  return String(error)
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>
}
