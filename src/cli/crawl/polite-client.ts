import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky'
import PQueue from 'p-queue'
import { buffer } from 'node:stream/consumers'
import {
  BodyCutShortError,
  describePoliteError,
} from './describe-polite-error.js'
import { PaceGate } from './pace-gate.js'
import { parseRetryAfter } from './parse-retry-after.js'
import { BodyTooLargeError, readBodyChunks } from './read-body-chunks.js'
import { POLITE_CLIENT_DEFAULTS } from './polite-client-defaults.js'

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
// A body `new Response()` refuses to carry for these statuses.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** Each defaults to `POLITE_CLIENT_DEFAULTS` (but `idleTimeoutMs`, a download's, which its `save` bounds). */
export type PoliteClientOptions = {
  // A homomorphic mapped type: each option keeps the defaults' doc comment.
  -readonly [
    Name in keyof Omit<typeof POLITE_CLIENT_DEFAULTS, 'idleTimeoutMs'>
  ]?: number
} & {
  /** The statuses worth another attempt (default 408, 429, 500, 502–504). */
  retryStatuses?: readonly number[]
  /** Whether a timeout or a network error is worth another attempt (default true). */
  retryFailures?: boolean
  headers?: Record<string, string>
  /** Told of each retry: the URL, the attempt to come (2…) and why. */
  onRetry?: (retry: { url: string; attempt: number; reason: string }) => void
}

/** A request the client gave up on, after its retries. */
export interface PoliteFailure {
  url: string
  /** What went wrong last, in words: `HTTP 503`, `network error: …`, `timed out`. */
  reason: string
  status?: number
  timedOut?: true
  /** The body was larger than its cap (not read further). */
  tooLarge?: true
  attempts: number
}

type PoliteOutcome<T> = { ok: true; value: T } | ({ ok: false } & PoliteFailure)

/**
 * An answer as the service sent it, whatever its status: headers with
 * lower-case names, and the body whole, or why it is not (the connection
 * closed or the time ran out after the headers).
 */
interface PoliteAnswer {
  status: number
  headers: Record<string, string>
  body:
    | { whole: true; bytes: Uint8Array }
    | { whole: false; reason: string; timedOut: boolean }
}

type Settings = Required<Omit<PoliteClientOptions, 'headers' | 'onRetry'>>

interface Attempts {
  count: number
  /** The headers of the current attempt, once they came. */
  received?: Response
}

/** One request with its retries: the last answer, or the last error. */
type Sent = Attempts &
  ({ ok: true; response: Response } | { ok: false; error: unknown })

/**
 * The one HTTP client the CLI reads a real service with (`record` and
 * `verify`): at most `concurrency` requests in flight and `rate` started
 * per second, retries included; each answer read whole inside its attempt, up
 * to `maxBodyBytes`, except a `download`'s. `retryStatuses` (and with
 * `retryFailures` a timeout or network error) are retried with exponential
 * backoff; a 429 or 503 with `Retry-After` waits what it asks, up to
 * `maxRetryAfterMs`, and a 429 also holds every other request back as long.
 * @note ky does the retrying, p-queue the concurrency and the pace (`PaceGate`).
 */
export class PoliteClient {
  readonly #settings: Settings
  readonly #slots: PQueue
  readonly #pace: PaceGate
  readonly #ky: KyInstance
  readonly #failed: PoliteFailure[] = []
  readonly #stats = {
    /** Attempts sent, retries included. */
    requests: 0,
    retries: 0,
    /** Answers 429 received. */
    rateLimited: 0,
  }

  constructor(options: PoliteClientOptions = {}) {
    this.#settings = {
      ...POLITE_CLIENT_DEFAULTS,
      retryStatuses: RETRY_STATUSES,
      retryFailures: true,
      ...withoutUndefined(options),
    }
    this.#slots = new PQueue({ concurrency: this.#settings.concurrency })
    this.#pace = new PaceGate(
      this.#settings.rate,
      this.#settings.maxRetryAfterMs,
    )
    this.#ky = this.#createKy(options)
  }

  /**
   * GETs `url` and parses its body as JSON, retrying as the client's rules
   * say, with `init.headers` on top of the client's. An answer other than
   * 2xx is a failure. Never rejects for a failed request: the outcome says
   * what failed, and `failures()` lists it.
   */
  get(
    url: string,
    init: { headers?: Record<string, string> } = {},
  ): Promise<PoliteOutcome<unknown>> {
    return this.#use(url, init.headers, false, (response) => response.json())
  }

  /**
   * GETs `url` as `get` does, but any answer is the value, its status and
   * headers as sent (after the retries, the last one's): only no answer at
   * all is a failure.
   */
  answer(
    url: string,
    init: { headers?: Record<string, string> } = {},
  ): Promise<PoliteOutcome<PoliteAnswer>> {
    return this.#slots.add(async (): Promise<PoliteOutcome<PoliteAnswer>> => {
      const sent = await this.#send(url, init.headers)
      if (sent.ok) return { ok: true, value: await toAnswer(sent.response) }
      const { error } = sent
      if (error instanceof HTTPError) {
        return { ok: true, value: await toAnswer(error.response) }
      }
      // The body broke off or timed out after the headers came.
      const cutShort =
        error instanceof BodyCutShortError || error instanceof TimeoutError
          ? sent.received
          : undefined
      if (cutShort === undefined) return this.#fail(url, error, sent.count)
      const body = {
        whole: false as const,
        reason: describePoliteError(error),
        timedOut: error instanceof TimeoutError,
      }
      return { ok: true, value: { ...readHead(cutShort), body } }
    }) as Promise<PoliteOutcome<PoliteAnswer>>
  }

  /**
   * GETs `url` as `get` does up to the answer's headers (retried as `get`
   * is while no 2xx came), then hands its body, unread, to `save`, which
   * streams it: a download is never held whole nor retried once it
   * started, and no timeout covers its body (`save` bounds it).
   */
  download<T>(
    url: string,
    save: (response: Response) => Promise<T>,
  ): Promise<PoliteOutcome<T>> {
    return this.#use(url, undefined, true, save)
  }

  /** Sends a GET in its turn and hands the 2xx answer to `use`. */
  #use<T>(
    url: string,
    headers: Record<string, string> | undefined,
    streamed: boolean,
    use: (response: Response) => Promise<T>,
  ): Promise<PoliteOutcome<T>> {
    return this.#slots.add(async (): Promise<PoliteOutcome<T>> => {
      const sent = await this.#send(url, headers, streamed)
      if (!sent.ok) return this.#fail(url, sent.error, sent.count)
      try {
        return { ok: true, value: await use(sent.response) }
      } catch (error) {
        await sent.response.body?.cancel().catch(() => {})
        return this.#fail(url, error, sent.count)
      }
    }) as Promise<PoliteOutcome<T>>
  }

  failures(): PoliteFailure[] {
    return [...this.#failed]
  }

  stats() {
    return { ...this.#stats }
  }

  // The pace gate is a `beforeRequest` hook, so retries are paced too and
  // the wait in line does not count against `timeoutMs`.
  #createKy(options: PoliteClientOptions): KyInstance {
    const settings = this.#settings
    return ky.create({
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
        shouldRetry: ({ error }) => this.#shouldRetry(error),
      },
      hooks: {
        beforeRequest: [() => this.#pace.pass()],
        beforeRetry: [
          ({ request, error, retryCount }) => {
            this.#stats.retries++
            options.onRetry?.({
              url: request.url,
              attempt: retryCount + 1,
              reason: describePoliteError(error),
            })
          },
        ],
      },
    })
  }

  /** ky's `shouldRetry`: `undefined` leaves the choice to ky's own rules. */
  #shouldRetry(error: unknown): boolean | undefined {
    const settings = this.#settings
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
  }

  async #send(
    url: string,
    headers: Record<string, string> | undefined,
    streamed = false,
  ): Promise<Sent> {
    const attempts: Attempts = { count: 1 }
    const attempt = this.#ky.extend({
      fetch: (input, init) => this.#fetchWhole(attempts, streamed, input, init),
      hooks: { beforeRetry: [() => void attempts.count++] },
    })
    try {
      const response = await attempt.get(url, { headers })
      return { ...attempts, ok: true, response }
    } catch (error) {
      return { ...attempts, ok: false, error }
    }
  }

  // The answer is read whole inside its attempt, so that a connection dropped
  // mid-body is retried like one dropped before the headers.
  async #fetchWhole(
    attempts: Attempts,
    streamed: boolean,
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> {
    attempts.received = undefined
    this.#stats.requests++
    const response = await fetch(input, init)
    attempts.received = response
    if (response.status === 429) {
      this.#stats.rateLimited++
      const wait = parseRetryAfter(response.headers.get('retry-after'))
      if (wait !== undefined) this.#pace.hold(wait)
    }
    // A download's body is its caller's to stream, past the timeout.
    if (streamed && response.ok) return response
    let body: Uint8Array<ArrayBuffer> | null = null
    try {
      if (!NULL_BODY_STATUSES.has(response.status)) {
        body = (await buffer(
          readBodyChunks(response, {
            maxBytes: this.#settings.maxBodyBytes,
            capName: 'the most read of one answer',
          }),
        )) as Uint8Array<ArrayBuffer>
      }
    } catch (error) {
      throw new BodyCutShortError(error)
    }
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

  #fail(url: string, error: unknown, attempts: number) {
    const failure: PoliteFailure = {
      url,
      reason: describePoliteError(error),
      attempts,
      ...(error instanceof HTTPError ? { status: error.response.status } : {}),
      ...(error instanceof TimeoutError ? { timedOut: true as const } : {}),
      ...((error instanceof BodyCutShortError && error.tooLarge) ||
      error instanceof BodyTooLargeError
        ? { tooLarge: true as const }
        : {}),
    }
    this.#failed.push(failure)
    return { ok: false as const, ...failure }
  }
}

async function toAnswer(response: Response): Promise<PoliteAnswer> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { ...readHead(response), body: { whole: true, bytes } }
}

// `Headers` gives its names in lower case.
function readHead(response: Response): Omit<PoliteAnswer, 'body'> {
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>
}
