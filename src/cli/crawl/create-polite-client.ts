import ky, { HTTPError, TimeoutError } from 'ky'
import PQueue from 'p-queue'
import { parseRetryAfter } from './parse-retry-after.js'
import { BodyTooLargeError, readCappedBody } from './read-body-chunks.js'
import { POLITE_CLIENT_DEFAULTS } from './polite-client-defaults.js'

/** Options of `createPoliteClient`; each defaults to `POLITE_CLIENT_DEFAULTS`. */
export interface PoliteClientOptions {
  concurrency?: number
  /** Requests started per second; `Infinity` for no pace. */
  rate?: number
  retries?: number
  backoffMs?: number
  backoffLimitMs?: number
  maxRetryAfterMs?: number
  timeoutMs?: number
  /** The largest body `get` and `answer` read (a download has its own cap). */
  maxBodyBytes?: number
  /** The statuses worth another attempt (default 408, 429, 500, 502–504). */
  retryStatuses?: readonly number[]
  /** Whether a timeout or a network error is worth another attempt (default true). */
  retryFailures?: boolean
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
  /** Set when the last attempt ran out of time (`timeoutMs`). */
  timedOut?: true
  /** Set when the body was larger than its cap (not read further). */
  tooLarge?: true
  attempts: number
}

/** The outcome of one request: the value read, or why there is none. */
export type PoliteOutcome<T> =
  { ok: true; value: T } | ({ ok: false } & PoliteFailure)

/**
 * An answer as the service sent it, whatever its status: headers with
 * lower-case names, and the body whole, or why it is not (the connection
 * closed or the time ran out after the headers).
 */
export interface PoliteAnswer {
  status: number
  headers: Record<string, string>
  body:
    | { whole: true; bytes: Uint8Array }
    | { whole: false; reason: string; timedOut: boolean }
}

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
   * client's. An answer other than 2xx is a failure. Never rejects for a
   * failed request: the outcome says what failed, and `failures()` lists it.
   */
  get<T = unknown>(
    url: string,
    read?: (body: Response) => Promise<T>,
    init?: { headers?: Record<string, string> },
  ): Promise<PoliteOutcome<T>>
  /**
   * GETs `url` as `get` does, but any answer is the value, its status and
   * headers as sent (after the retries, the last one's): only no answer at
   * all is a failure.
   */
  answer(
    url: string,
    init?: { headers?: Record<string, string> },
  ): Promise<PoliteOutcome<PoliteAnswer>>
  /**
   * GETs `url` as `get` does up to the answer's headers (retried as `get`
   * is while no 2xx came), then hands its body, unread, to `save`, which
   * streams it: a download is never held whole nor retried once it
   * started, and no timeout covers its body (`save` bounds it).
   */
  download<T>(
    url: string,
    save: (response: Response) => Promise<T>,
  ): Promise<PoliteOutcome<T>>
  /** The requests given up on so far, in the order they failed. */
  failures(): PoliteFailure[]
  stats(): PoliteStats
}

/** The statuses `get` and `answer` retry unless told otherwise. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
// A body `new Response()` refuses to carry for these statuses.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** The body broke off after the headers came; `response` holds them. */
class BodyCutShortError extends Error {
  override name = 'BodyCutShortError'
  readonly tooLarge: boolean
  constructor(
    readonly response: Response,
    cause: unknown,
  ) {
    super('the body broke off', { cause })
    this.tooLarge = cause instanceof BodyTooLargeError
  }
}

/**
 * Creates the one HTTP client the CLI reads a real service with (`record`
 * and `verify`): at most `concurrency` requests in flight and `rate`
 * started per second (one every `1000 / rate` ms, retries included), each
 * answer read whole inside its attempt, up to `maxBodyBytes` (so a
 * connection dropped mid-body is retried like one dropped before the
 * headers; a body over the cap is not retried), except a `download`'s,
 * which its caller streams once the headers came. An answer of
 * `retryStatuses`, and with `retryFailures` a timeout or network error, is
 * retried up to `retries` times with exponential backoff from `backoffMs`
 * up to `backoffLimitMs`; a 429 or 503 with `Retry-After` (seconds or
 * HTTP-date) waits what it asks, up to `maxRetryAfterMs`, and a 429 also
 * holds every other request back as long.
 * @note ky does the retrying, p-queue the concurrency and the pace. The pace
 * gate is a `beforeRequest` hook, so retries are paced too and the wait in
 * line does not count against `timeoutMs`.
 * @example
 * const client = createPoliteClient({ headers: { authorization: `Bearer ${key}` } })
 * const outcome = await client.get(`${base}/projects`)
 * if (outcome.ok) console.log(outcome.value)
 * else console.error(`${outcome.url}: ${outcome.reason}`)
 */
export function createPoliteClient(
  options: PoliteClientOptions = {},
): PoliteClient {
  const settings = {
    ...POLITE_CLIENT_DEFAULTS,
    retryStatuses: RETRY_STATUSES,
    retryFailures: true,
    ...withoutUndefined(options),
  }
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

  const client = ky.create({
    headers: options.headers,
    timeout: settings.timeoutMs,
    retry: {
      limit: settings.retries,
      methods: ['get'],
      statusCodes: [...settings.retryStatuses],
      afterStatusCodes: [429, 503],
      maxRetryAfter: settings.maxRetryAfterMs,
      backoffLimit: settings.backoffLimitMs,
      delay: (attempt) => settings.backoffMs * 2 ** (attempt - 1),
      retryOnTimeout: settings.retryFailures,
      shouldRetry: ({ error }) => {
        if (!(error instanceof HTTPError)) {
          // A body over the cap is as large on the next attempt.
          if (error instanceof BodyCutShortError && error.tooLarge) return false
          return settings.retryFailures ? undefined : false
        }
        // ky would wait `maxRetryAfter` for a Retry-After it cannot read;
        // one no parser reads counts as none, and gets the backoff.
        const { status, headers } = error.response
        const retryAfter = headers.get('retry-after')
        return settings.retryStatuses.includes(status) &&
          retryAfter !== null &&
          parseRetryAfter(retryAfter) === undefined
          ? true
          : undefined
      },
    },
    hooks: {
      beforeRequest: [
        async () => {
          await pace.add(() => undefined)
        },
      ],
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

  /** One request with its retries: the last answer, or the last error. */
  const send = async (
    url: string,
    headers: Record<string, string> | undefined,
    streamed = false,
  ): Promise<
    | { ok: true; response: Response; attempts: number }
    | { ok: false; error: unknown; attempts: number; received?: Response }
  > => {
    let attempts = 1
    // The headers of the current attempt, once they came.
    let received: Response | undefined
    const readWhole = async (
      input: RequestInfo | URL,
      init?: RequestInit,
    ): Promise<Response> => {
      received = undefined
      stats.requests++
      const response = await baseFetch(input, init)
      received = response
      if (response.status === 429) {
        stats.rateLimited++
        const wait = parseRetryAfter(response.headers.get('retry-after'))
        if (wait !== undefined) hold(wait)
      }
      // A download's body is its caller's to stream, past the timeout.
      if (streamed && response.ok) return response
      let body: Uint8Array<ArrayBuffer> | null = null
      try {
        if (!NULL_BODY_STATUSES.has(response.status)) {
          body = (await readCappedBody(response, {
            maxBytes: settings.maxBodyBytes,
            capName: 'the most read of one answer',
          })) as Uint8Array<ArrayBuffer>
        }
      } catch (error) {
        throw new BodyCutShortError(response, error)
      }
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    }
    const attempt = client.extend({
      fetch: readWhole,
      hooks: { beforeRetry: [() => void attempts++] },
    })
    try {
      const response = await attempt.get(url, { headers })
      return { ok: true, response, attempts }
    } catch (error) {
      return {
        ok: false,
        error,
        attempts,
        ...(received === undefined ? {} : { received }),
      }
    }
  }

  const fail = (url: string, error: unknown, attempts: number) => {
    const failure: PoliteFailure = {
      url,
      reason: describeError(error),
      attempts,
      ...(error instanceof HTTPError ? { status: error.response.status } : {}),
      ...(error instanceof TimeoutError ? { timedOut: true as const } : {}),
      ...((error instanceof BodyCutShortError && error.tooLarge) ||
      error instanceof BodyTooLargeError
        ? { tooLarge: true as const }
        : {}),
    }
    failed.push(failure)
    return { ok: false as const, ...failure }
  }

  return {
    get<T>(
      url: string,
      read: (body: Response) => Promise<T> = (response) =>
        response.json() as Promise<T>,
      init: { headers?: Record<string, string> } = {},
    ): Promise<PoliteOutcome<T>> {
      return slots.add(async (): Promise<PoliteOutcome<T>> => {
        const sent = await send(url, init.headers)
        if (!sent.ok) return fail(url, sent.error, sent.attempts)
        try {
          return { ok: true, value: await read(sent.response) }
        } catch (error) {
          return fail(url, error, sent.attempts)
        }
      }) as Promise<PoliteOutcome<T>>
    },
    answer(url, init = {}) {
      return slots.add(async (): Promise<PoliteOutcome<PoliteAnswer>> => {
        const sent = await send(url, init.headers)
        if (sent.ok) return { ok: true, value: await toAnswer(sent.response) }
        const { error } = sent
        if (error instanceof HTTPError) {
          return { ok: true, value: await toAnswer(error.response) }
        }
        const cutShort =
          error instanceof BodyCutShortError
            ? error.response
            : error instanceof TimeoutError
              ? sent.received
              : undefined
        if (cutShort === undefined) return fail(url, error, sent.attempts)
        const body = {
          whole: false as const,
          reason: describeError(error),
          timedOut: error instanceof TimeoutError,
        }
        return { ok: true, value: { ...readHead(cutShort), body } }
      }) as Promise<PoliteOutcome<PoliteAnswer>>
    },
    download<T>(url: string, save: (response: Response) => Promise<T>) {
      return slots.add(async (): Promise<PoliteOutcome<T>> => {
        const sent = await send(url, undefined, true)
        if (!sent.ok) return fail(url, sent.error, sent.attempts)
        try {
          return { ok: true, value: await save(sent.response) }
        } catch (error) {
          await sent.response.body?.cancel().catch(() => {})
          return fail(url, error, sent.attempts)
        }
      }) as Promise<PoliteOutcome<T>>
    },
    failures: () => [...failed],
    stats: () => ({ ...stats }),
  }
}

async function toAnswer(response: Response): Promise<PoliteAnswer> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { ...readHead(response), body: { whole: true, bytes } }
}

function readHead(response: Response): Omit<PoliteAnswer, 'body'> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return { status: response.status, headers }
}

function describeError(error: unknown): string {
  if (error instanceof BodyCutShortError) return describeError(error.cause)
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
